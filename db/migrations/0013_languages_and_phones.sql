CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "product_translations_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
-- Response times become a choice from a list that every language can say (vendors.ts, RESPONSE_TIMES); the free
-- texts stores wrote are read as the nearest choice.
UPDATE "vendors" SET "response_time" = CASE
  WHEN lower("response_time") ~ '(1|one|an) hour' THEN 'hour'
  WHEN lower("response_time") ~ '(2|two|few|3|4) hours' THEN 'hours'
  WHEN lower("response_time") ~ '(2|two|48|few) days?' THEN 'days'
  ELSE 'day'
END;
--> statement-breakpoint
-- The demo catalogue's category names in Kinyarwanda and French (db/seed/category-names.ts), for databases seeded
-- before this migration; a category the table does not know keeps no translation (its English name shows).
UPDATE "categories" SET "names" = CASE "name"
  WHEN 'Women' THEN '{"rw":"Abagore","fr":"Femmes"}'::jsonb
  WHEN 'Men' THEN '{"rw":"Abagabo","fr":"Hommes"}'::jsonb
  WHEN 'Kids' THEN '{"rw":"Abana","fr":"Enfants"}'::jsonb
  WHEN 'Accessories' THEN '{"rw":"Imitako n’ibindi","fr":"Accessoires"}'::jsonb
  WHEN 'Shoes' THEN '{"rw":"Inkweto","fr":"Chaussures"}'::jsonb
  WHEN 'Beauty' THEN '{"rw":"Ubwiza","fr":"Beauté"}'::jsonb
  WHEN 'Home & Living' THEN '{"rw":"Ibikoresho byo mu rugo","fr":"Maison et déco"}'::jsonb
  WHEN 'Clothing' THEN '{"rw":"Imyenda","fr":"Vêtements"}'::jsonb
  WHEN 'Dresses' THEN '{"rw":"Amakanzu","fr":"Robes"}'::jsonb
  WHEN 'Tops & Blouses' THEN '{"rw":"Amashati n’amablouse","fr":"Hauts et chemisiers"}'::jsonb
  WHEN 'Jeans & Trousers' THEN '{"rw":"Amajinsi n’amapantaro","fr":"Jeans et pantalons"}'::jsonb
  WHEN 'Skirts' THEN '{"rw":"Amajipo","fr":"Jupes"}'::jsonb
  WHEN 'Jackets & Coats' THEN '{"rw":"Amajaketi n’amakoti","fr":"Vestes et manteaux"}'::jsonb
  WHEN 'Activewear' THEN '{"rw":"Imyenda ya siporo","fr":"Tenues de sport"}'::jsonb
  WHEN 'Traditional Wear' THEN '{"rw":"Imyambaro gakondo","fr":"Tenues traditionnelles"}'::jsonb
  WHEN 'Umushanana' THEN '{"rw":"Umushanana","fr":"Umushanana"}'::jsonb
  WHEN 'Kitenge Dresses' THEN '{"rw":"Amakanzu y’ibitenge","fr":"Robes en kitenge"}'::jsonb
  WHEN 'African Print' THEN '{"rw":"Imyenda y’ibitenge","fr":"Imprimés africains"}'::jsonb
  WHEN 'Traditional Accessories' THEN '{"rw":"Ibikoresho by’imyambaro gakondo","fr":"Accessoires traditionnels"}'::jsonb
  WHEN 'Occasion Wear' THEN '{"rw":"Imyenda y’ibirori","fr":"Tenues de cérémonie"}'::jsonb
  WHEN 'Evening Dresses' THEN '{"rw":"Amakanzu yo mu birori by’ijoro","fr":"Robes de soirée"}'::jsonb
  WHEN 'Cocktail Dresses' THEN '{"rw":"Amakanzu ya cocktail","fr":"Robes de cocktail"}'::jsonb
  WHEN 'Wedding Guest' THEN '{"rw":"Imyenda yo gutaha ubukwe","fr":"Tenues d’invitée de mariage"}'::jsonb
  WHEN 'Work Wear' THEN '{"rw":"Imyenda y’akazi","fr":"Tenues de travail"}'::jsonb
  WHEN 'Shirts' THEN '{"rw":"Amashati","fr":"Chemises"}'::jsonb
  WHEN 'T-Shirts' THEN '{"rw":"Imipira","fr":"T-shirts"}'::jsonb
  WHEN 'Suits' THEN '{"rw":"Amakositimu","fr":"Costumes"}'::jsonb
  WHEN 'Jackets' THEN '{"rw":"Amajaketi","fr":"Vestes"}'::jsonb
  WHEN 'Safari Suits' THEN '{"rw":"Amakositimu ya safari","fr":"Costumes safari"}'::jsonb
  WHEN 'Traditional Shirts' THEN '{"rw":"Amashati gakondo","fr":"Chemises traditionnelles"}'::jsonb
  WHEN 'Ceremonial Wear' THEN '{"rw":"Imyenda y’imihango","fr":"Tenues d’apparat"}'::jsonb
  WHEN 'Casual Wear' THEN '{"rw":"Imyenda isanzwe","fr":"Tenues décontractées"}'::jsonb
  WHEN 'Polo Shirts' THEN '{"rw":"Imipira ya polo","fr":"Polos"}'::jsonb
  WHEN 'Hoodies' THEN '{"rw":"Imipira ifite ingofero","fr":"Sweats à capuche"}'::jsonb
  WHEN 'Shorts' THEN '{"rw":"Amakabutura","fr":"Shorts"}'::jsonb
  WHEN 'Casual Trousers' THEN '{"rw":"Amapantaro asanzwe","fr":"Pantalons décontractés"}'::jsonb
  WHEN 'Girls' THEN '{"rw":"Abakobwa","fr":"Filles"}'::jsonb
  WHEN 'Tops' THEN '{"rw":"Imyenda yo hejuru","fr":"Hauts"}'::jsonb
  WHEN 'Bottoms' THEN '{"rw":"Amapantaro n’amajipo","fr":"Bas"}'::jsonb
  WHEN 'School Uniforms' THEN '{"rw":"Impuzankano z’ishuri","fr":"Uniformes scolaires"}'::jsonb
  WHEN 'Party Wear' THEN '{"rw":"Imyenda yo mu minsi mikuru","fr":"Tenues de fête"}'::jsonb
  WHEN 'Boys' THEN '{"rw":"Abahungu","fr":"Garçons"}'::jsonb
  WHEN 'Trousers' THEN '{"rw":"Amapantaro","fr":"Pantalons"}'::jsonb
  WHEN 'Baby & Toddler' THEN '{"rw":"Impinja n’abana bato","fr":"Bébés et tout-petits"}'::jsonb
  WHEN 'Onesies' THEN '{"rw":"Imyenda y’impinja","fr":"Bodies"}'::jsonb
  WHEN 'Baby Dresses' THEN '{"rw":"Amakanzu y’impinja","fr":"Robes bébé"}'::jsonb
  WHEN 'Sleepwear' THEN '{"rw":"Imyenda yo kuraramo","fr":"Pyjamas"}'::jsonb
  WHEN 'Jewelry' THEN '{"rw":"Imitako","fr":"Bijoux"}'::jsonb
  WHEN 'Necklaces' THEN '{"rw":"Inigi","fr":"Colliers"}'::jsonb
  WHEN 'Earrings' THEN '{"rw":"Amaherena","fr":"Boucles d’oreilles"}'::jsonb
  WHEN 'Bracelets' THEN '{"rw":"Ibikomo","fr":"Bracelets"}'::jsonb
  WHEN 'Rings' THEN '{"rw":"Impeta","fr":"Bagues"}'::jsonb
  WHEN 'Traditional Jewelry' THEN '{"rw":"Imitako gakondo","fr":"Bijoux traditionnels"}'::jsonb
  WHEN 'Bags' THEN '{"rw":"Ibikapu","fr":"Sacs"}'::jsonb
  WHEN 'Handbags' THEN '{"rw":"Ibikapu byo mu ntoki","fr":"Sacs à main"}'::jsonb
  WHEN 'Backpacks' THEN '{"rw":"Ibikapu byo mu mugongo","fr":"Sacs à dos"}'::jsonb
  WHEN 'Clutches' THEN '{"rw":"Udukapu tw’ibirori","fr":"Pochettes"}'::jsonb
  WHEN 'Travel Bags' THEN '{"rw":"Ibikapu by’urugendo","fr":"Sacs de voyage"}'::jsonb
  WHEN 'Others' THEN '{"rw":"Ibindi","fr":"Autres"}'::jsonb
  WHEN 'Belts' THEN '{"rw":"Imikandara","fr":"Ceintures"}'::jsonb
  WHEN 'Scarves' THEN '{"rw":"Ibitambaro","fr":"Foulards"}'::jsonb
  WHEN 'Hats' THEN '{"rw":"Ingofero","fr":"Chapeaux"}'::jsonb
  WHEN 'Sunglasses' THEN '{"rw":"Amataratara y’izuba","fr":"Lunettes de soleil"}'::jsonb
  WHEN 'Watches' THEN '{"rw":"Amasaha","fr":"Montres"}'::jsonb
  WHEN 'Women''s Shoes' THEN '{"rw":"Inkweto z’abagore","fr":"Chaussures femme"}'::jsonb
  WHEN 'Heels' THEN '{"rw":"Inkweto ndende","fr":"Talons"}'::jsonb
  WHEN 'Flats' THEN '{"rw":"Inkweto ngufi","fr":"Chaussures plates"}'::jsonb
  WHEN 'Sneakers' THEN '{"rw":"Inkweto za siporo","fr":"Baskets"}'::jsonb
  WHEN 'Boots' THEN '{"rw":"Bote","fr":"Bottes"}'::jsonb
  WHEN 'Sandals' THEN '{"rw":"Sandali","fr":"Sandales"}'::jsonb
  WHEN 'Men''s Shoes' THEN '{"rw":"Inkweto z’abagabo","fr":"Chaussures homme"}'::jsonb
  WHEN 'Dress Shoes' THEN '{"rw":"Inkweto z’ibirori","fr":"Chaussures habillées"}'::jsonb
  WHEN 'Loafers' THEN '{"rw":"Inkweto zidafite imishumi","fr":"Mocassins"}'::jsonb
  WHEN 'Kids'' Shoes' THEN '{"rw":"Inkweto z’abana","fr":"Chaussures enfant"}'::jsonb
  WHEN 'School Shoes' THEN '{"rw":"Inkweto z’ishuri","fr":"Chaussures d’école"}'::jsonb
  WHEN 'Skincare' THEN '{"rw":"Kwita ku ruhu","fr":"Soins de la peau"}'::jsonb
  WHEN 'Face Care' THEN '{"rw":"Kwita ku isura","fr":"Soins du visage"}'::jsonb
  WHEN 'Body Care' THEN '{"rw":"Kwita ku mubiri","fr":"Soins du corps"}'::jsonb
  WHEN 'Natural Products' THEN '{"rw":"Ibikomoka ku bimera","fr":"Produits naturels"}'::jsonb
  WHEN 'Anti-Aging' THEN '{"rw":"Birinda iminkanyari","fr":"Anti-âge"}'::jsonb
  WHEN 'Makeup' THEN '{"rw":"Ibirungo by’ubwiza","fr":"Maquillage"}'::jsonb
  WHEN 'Face Makeup' THEN '{"rw":"Ibirungo byo mu maso","fr":"Teint"}'::jsonb
  WHEN 'Eye Makeup' THEN '{"rw":"Ibirungo by’amaso","fr":"Maquillage des yeux"}'::jsonb
  WHEN 'Lip Products' THEN '{"rw":"Ibyo ku minwa","fr":"Produits pour les lèvres"}'::jsonb
  WHEN 'Nail Care' THEN '{"rw":"Kwita ku nzara","fr":"Soins des ongles"}'::jsonb
  WHEN 'Hair Care' THEN '{"rw":"Kwita ku misatsi","fr":"Soins capillaires"}'::jsonb
  WHEN 'Natural Hair' THEN '{"rw":"Imisatsi karemano","fr":"Cheveux naturels"}'::jsonb
  WHEN 'Hair Extensions' THEN '{"rw":"Imisatsi yo kongeraho","fr":"Extensions de cheveux"}'::jsonb
  WHEN 'Hair Tools' THEN '{"rw":"Ibikoresho by’imisatsi","fr":"Accessoires de coiffure"}'::jsonb
  WHEN 'Hair Care Products' THEN '{"rw":"Amavuta n’ibindi by’imisatsi","fr":"Produits capillaires"}'::jsonb
  WHEN 'Home Textiles' THEN '{"rw":"Imyenda yo mu rugo","fr":"Linge de maison"}'::jsonb
  WHEN 'Bedding' THEN '{"rw":"Ibiryamirwa","fr":"Literie"}'::jsonb
  WHEN 'Curtains' THEN '{"rw":"Amarido","fr":"Rideaux"}'::jsonb
  WHEN 'Cushions & Throws' THEN '{"rw":"Imisego n’ibiringiti","fr":"Coussins et plaids"}'::jsonb
  WHEN 'Table Linen' THEN '{"rw":"Imyenda yo ku meza","fr":"Linge de table"}'::jsonb
  WHEN 'Kitchen & Dining' THEN '{"rw":"Igikoni n’ameza","fr":"Cuisine et table"}'::jsonb
  WHEN 'Cookware' THEN '{"rw":"Ibikoresho byo guteka","fr":"Ustensiles de cuisine"}'::jsonb
  WHEN 'Tableware' THEN '{"rw":"Amasahani n’ibikombe","fr":"Vaisselle"}'::jsonb
  WHEN 'Baskets & Storage' THEN '{"rw":"Ibiseke n’ibibikwamo","fr":"Paniers et rangement"}'::jsonb
  WHEN 'Decor' THEN '{"rw":"Imitako yo mu nzu","fr":"Décoration"}'::jsonb
  WHEN 'Imigongo Art' THEN '{"rw":"Ubugeni bw’imigongo","fr":"Art imigongo"}'::jsonb
  WHEN 'Wall Decor' THEN '{"rw":"Imitako yo ku rukuta","fr":"Décoration murale"}'::jsonb
  WHEN 'Candles & Fragrance' THEN '{"rw":"Buji n’imibavu","fr":"Bougies et senteurs"}'::jsonb
  ELSE "names"
END WHERE "names" = '{}'::jsonb;
