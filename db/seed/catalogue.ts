// The category tree (the prototype's mega menu, plus Home & Living) and, for every item, what its products are
// like: names, prices, sizes, colours and the shape drawn on their pictures.

import type { ArtKind } from '#app/modules/images/artwork.ts'

export type SizeKind =
  | 'adult'
  | 'kids'
  | 'baby'
  | 'shoes-women'
  | 'shoes-men'
  | 'shoes-kids'
  | 'volume'
  | 'bedding'
  | 'curtain'
  | 'ring'
  | 'none'

export type ItemSpec = {
  name: string
  art: ArtKind
  sizes: SizeKind
  /** Price range in francs. */
  price: [number, number]
  /** What the item is called; a title is a modifier and a noun. */
  nouns: string[]
  modifiers: string[]
  colours: string[]
}

export type GroupSpec = { name: string; items: ItemSpec[] }
export type DepartmentSpec = {
  slug: string
  name: string
  emoji: string
  groups: GroupSpec[]
  /** Days after delivery its products may be returned in (unset: the platform's window; 0: no returns). */
  returnDays?: number
}

const PRINTS = ['Kitenge Print', 'Ankara', 'Imigongo Print', 'Wax Print', 'Batik']
const FABRICS = ['Cotton', 'Linen', 'Satin', 'Chiffon', 'Crepe', 'Silk Blend']

const C = {
  bright: ['Indigo', 'Terracotta', 'Emerald', 'Saffron', 'Rose', 'Royal Blue'],
  deep: ['Black', 'Navy', 'Burgundy', 'Emerald', 'Indigo'],
  neutral: ['Black', 'Navy', 'Grey', 'Ivory', 'Olive', 'Brown'],
  denim: ['Indigo', 'Navy', 'Black', 'Grey'],
  leather: ['Black', 'Brown', 'Tan', 'Burgundy'],
  metal: ['Gold', 'Silver', 'Rose Gold'],
  natural: ['Natural', 'Terracotta', 'Black', 'Saffron'],
  soft: ['Rose', 'Ivory', 'Saffron', 'Royal Blue', 'Emerald'],
}

function item(
  name: string,
  art: ArtKind,
  sizes: SizeKind,
  price: [number, number],
  nouns: string[],
  modifiers: string[],
  colours: string[],
): ItemSpec {
  return { name, art, sizes, price, nouns, modifiers, colours }
}

export const DEPARTMENTS: DepartmentSpec[] = [
  {
    slug: 'women',
    name: 'Women',
    emoji: '👗',
    groups: [
      {
        name: 'Clothing',
        items: [
          item(
            'Dresses',
            'dress',
            'adult',
            [12000, 45000],
            ['Wrap Dress', 'Midi Dress', 'Maxi Dress', 'Shirt Dress', 'A-Line Dress'],
            [...PRINTS, ...FABRICS],
            C.bright,
          ),
          item(
            'Tops & Blouses',
            'blouse',
            'adult',
            [6000, 22000],
            ['Blouse', 'Peplum Top', 'Wrap Top', 'Tie-Front Top', 'Tunic'],
            [...FABRICS, 'Kitenge Print', 'Ankara'],
            C.soft,
          ),
          item(
            'Jeans & Trousers',
            'trousers',
            'adult',
            [9000, 30000],
            ['High-Waist Jeans', 'Wide-Leg Trousers', 'Straight Jeans', 'Palazzo Trousers', 'Cigarette Trousers'],
            ['Stretch Denim', 'Linen', 'Tailored', 'Cotton Twill'],
            C.denim,
          ),
          item(
            'Skirts',
            'skirt',
            'adult',
            [7000, 25000],
            ['Pencil Skirt', 'Pleated Skirt', 'Maxi Skirt', 'A-Line Skirt', 'Midi Skirt'],
            [...PRINTS, 'Denim', 'Satin'],
            C.bright,
          ),
          item(
            'Jackets & Coats',
            'jacket',
            'adult',
            [18000, 65000],
            ['Denim Jacket', 'Cropped Jacket', 'Bomber Jacket', 'Utility Jacket', 'Kitenge Jacket'],
            ['Tailored', 'Kitenge-Lined', 'Cotton', 'Wool Blend'],
            C.neutral,
          ),
          item(
            'Activewear',
            'tshirt',
            'adult',
            [5000, 18000],
            ['Training Top', 'Sports T-Shirt', 'Running Top', 'Long-Sleeve Training Top'],
            ['Breathable', 'Seamless', 'High-Stretch', 'Quick-Dry'],
            ['Black', 'Emerald', 'Rose', 'Navy', 'Grey'],
          ),
        ],
      },
      {
        name: 'Traditional Wear',
        items: [
          item(
            'Umushanana',
            'umushanana',
            'adult',
            [35000, 150000],
            ['Umushanana', 'Umushanana Set', 'Bridal Umushanana', 'Umushanana with Sash'],
            ['Silk', 'Embroidered', 'Gold-Trim', 'Satin', 'Hand-Finished'],
            ['Ivory', 'Saffron', 'Rose', 'Emerald', 'Royal Blue'],
          ),
          item(
            'Kitenge Dresses',
            'dress',
            'adult',
            [15000, 55000],
            ['Kitenge Dress', 'Kitenge Maxi Dress', 'Kitenge Mermaid Dress', 'Kitenge Peplum Dress'],
            ['Tailored', 'Off-Shoulder', 'Puff-Sleeve', 'Belted', 'Flared'],
            C.bright,
          ),
          item(
            'African Print',
            'blouse',
            'adult',
            [8000, 35000],
            ['Ankara Top', 'Print Blouse', 'Print Peplum Top', 'Print Tunic', 'Print Wrap Top'],
            ['Ankara', 'Kitenge', 'Wax Print', 'Bold Print'],
            C.bright,
          ),
          item(
            'Traditional Accessories',
            'headwrap',
            'none',
            [3000, 15000],
            ['Head Wrap', 'Gele Head Tie', 'Kitenge Head Wrap', 'Turban Head Wrap'],
            ['Kitenge', 'Hand-Beaded', 'Satin', 'Woven'],
            C.bright,
          ),
        ],
      },
      {
        name: 'Occasion Wear',
        items: [
          item(
            'Evening Dresses',
            'gown',
            'adult',
            [35000, 120000],
            ['Evening Gown', 'Floor-Length Dress', 'Sequin Gown', 'One-Shoulder Gown'],
            ['Satin', 'Velvet', 'Chiffon', 'Embellished'],
            C.deep,
          ),
          item(
            'Cocktail Dresses',
            'dress',
            'adult',
            [20000, 60000],
            ['Cocktail Dress', 'Bodycon Dress', 'Skater Dress', 'Lace Dress'],
            ['Satin', 'Lace', 'Crepe', 'Sequin'],
            ['Black', 'Burgundy', 'Rose', 'Emerald', 'Royal Blue'],
          ),
          item(
            'Wedding Guest',
            'gown',
            'adult',
            [25000, 85000],
            ['Wedding Guest Dress', 'Kitenge Occasion Gown', 'Pleated Maxi Dress', 'Cape Dress'],
            ['Chiffon', 'Kitenge', 'Satin', 'Floral'],
            ['Rose', 'Saffron', 'Emerald', 'Royal Blue', 'Ivory'],
          ),
          item(
            'Work Wear',
            'blazer',
            'adult',
            [15000, 55000],
            ['Tailored Blazer', 'Office Blazer', 'Single-Breasted Blazer', 'Linen Blazer'],
            ['Tailored', 'Crepe', 'Stretch', 'Wool Blend'],
            ['Black', 'Navy', 'Grey', 'Burgundy'],
          ),
        ],
      },
    ],
  },
  {
    slug: 'men',
    name: 'Men',
    emoji: '👔',
    groups: [
      {
        name: 'Clothing',
        items: [
          item(
            'Shirts',
            'shirt',
            'adult',
            [8000, 28000],
            ['Oxford Shirt', 'Linen Shirt', 'Slim-Fit Shirt', 'Print Shirt', 'Mandarin-Collar Shirt'],
            ['Cotton', 'Linen', 'Kitenge Print', 'Easy-Iron'],
            ['Royal Blue', 'Ivory', 'Navy', 'Olive', 'Terracotta'],
          ),
          item(
            'T-Shirts',
            'tshirt',
            'adult',
            [4000, 12000],
            ['Crew-Neck T-Shirt', 'V-Neck T-Shirt', 'Graphic T-Shirt', 'Pocket T-Shirt'],
            ['Organic Cotton', 'Heavyweight', 'Imigongo Graphic', 'Kigali Skyline'],
            C.neutral,
          ),
          item(
            'Jeans & Trousers',
            'trousers',
            'adult',
            [10000, 32000],
            ['Slim Jeans', 'Chinos', 'Straight Jeans', 'Pleated Trousers'],
            ['Stretch Denim', 'Cotton Twill', 'Tailored', 'Washed'],
            C.denim,
          ),
          item(
            'Suits',
            'suit',
            'adult',
            [60000, 150000],
            ['Two-Piece Suit', 'Three-Piece Suit', 'Slim-Fit Suit', 'Double-Breasted Suit'],
            ['Wool Blend', 'Linen', 'Tailored', 'Made-to-Measure'],
            ['Navy', 'Black', 'Grey', 'Brown'],
          ),
          item(
            'Jackets',
            'jacket',
            'adult',
            [18000, 60000],
            ['Bomber Jacket', 'Denim Jacket', 'Field Jacket', 'Rain Jacket'],
            ['Cotton', 'Kitenge-Lined', 'Waterproof', 'Quilted'],
            ['Olive', 'Black', 'Navy', 'Brown'],
          ),
          item(
            'Activewear',
            'tshirt',
            'adult',
            [5000, 20000],
            ['Running T-Shirt', 'Training T-Shirt', 'Compression Top', 'Performance T-Shirt'],
            ['Quick-Dry', 'Breathable', 'Stretch', 'Lightweight'],
            ['Black', 'Navy', 'Grey', 'Emerald'],
          ),
        ],
      },
      {
        name: 'Traditional Wear',
        items: [
          item(
            'Safari Suits',
            'safari',
            'adult',
            [35000, 95000],
            ['Safari Suit', 'Short-Sleeve Safari Suit', 'Four-Pocket Safari Suit'],
            ['Classic', 'Linen', 'Cotton', 'Tailored'],
            ['Brown', 'Olive', 'Navy', 'Grey', 'Ivory'],
          ),
          item(
            'Traditional Shirts',
            'shirt',
            'adult',
            [10000, 35000],
            ['Kitenge Shirt', 'Dashiki Shirt', 'Embroidered Kaftan Shirt', 'Print Shirt'],
            ['Kitenge', 'Hand-Embroidered', 'Ankara', 'Imigongo Print'],
            C.bright,
          ),
          item(
            'Ceremonial Wear',
            'kaftan',
            'adult',
            [30000, 120000],
            ['Ceremonial Kaftan', 'Embroidered Kaftan', 'Wedding Kaftan', 'Inkanda Robe'],
            ['Embroidered', 'Silk', 'Gold-Trim', 'Hand-Finished'],
            ['Ivory', 'Navy', 'Saffron', 'Burgundy'],
          ),
        ],
      },
      {
        name: 'Casual Wear',
        items: [
          item(
            'Polo Shirts',
            'polo',
            'adult',
            [6000, 18000],
            ['Polo Shirt', 'Piqué Polo', 'Long-Sleeve Polo', 'Striped Polo'],
            ['Cotton', 'Classic', 'Slim-Fit', 'Knitted'],
            ['Navy', 'Ivory', 'Emerald', 'Black', 'Terracotta'],
          ),
          item(
            'Hoodies',
            'hoodie',
            'adult',
            [12000, 30000],
            ['Pullover Hoodie', 'Zip Hoodie', 'Graphic Hoodie', 'Fleece Hoodie'],
            ['Heavyweight', 'Brushed Cotton', 'Imigongo Graphic', 'Oversized'],
            ['Black', 'Grey', 'Navy', 'Olive', 'Burgundy'],
          ),
          item(
            'Shorts',
            'shorts',
            'adult',
            [5000, 15000],
            ['Chino Shorts', 'Cargo Shorts', 'Swim Shorts', 'Print Shorts'],
            ['Cotton', 'Kitenge Print', 'Quick-Dry', 'Linen'],
            ['Olive', 'Navy', 'Brown', 'Royal Blue', 'Terracotta'],
          ),
          item(
            'Casual Trousers',
            'trousers',
            'adult',
            [9000, 25000],
            ['Drawstring Trousers', 'Cargo Trousers', 'Linen Trousers', 'Joggers'],
            ['Relaxed', 'Cotton', 'Linen', 'Stretch'],
            ['Olive', 'Brown', 'Black', 'Grey', 'Ivory'],
          ),
        ],
      },
    ],
  },
  {
    slug: 'kids',
    name: 'Kids',
    emoji: '🧒',
    groups: [
      {
        name: 'Girls',
        items: [
          item(
            'Dresses',
            'dress',
            'kids',
            [5000, 18000],
            ['Party Dress', 'Sundress', 'Kitenge Dress', 'Smock Dress', 'Tiered Dress'],
            ['Cotton', 'Kitenge Print', 'Floral', 'Frilled'],
            ['Rose', 'Saffron', 'Emerald', 'Royal Blue'],
          ),
          item(
            'Tops',
            'blouse',
            'kids',
            [2500, 8000],
            ['Frill Top', 'Blouse', 'Long-Sleeve Top', 'Peasant Top'],
            ['Cotton', 'Printed', 'Ruffled', 'Soft'],
            ['Rose', 'Ivory', 'Saffron', 'Emerald'],
          ),
          item(
            'Bottoms',
            'skirt',
            'kids',
            [3000, 9000],
            ['Skirt', 'Tiered Skirt', 'Denim Skirt', 'Pleated Skirt'],
            ['Stretch', 'Denim', 'Cotton', 'Kitenge Print'],
            ['Indigo', 'Rose', 'Black', 'Saffron'],
          ),
          item(
            'School Uniforms',
            'uniform',
            'kids',
            [6000, 16000],
            ['School Uniform Dress', 'School Uniform Set', 'Pinafore and Blouse', 'School Skirt and Shirt'],
            ['Durable', 'Easy-Care', 'Poly-Cotton', 'Classic'],
            ['Royal Blue', 'Navy', 'Emerald', 'Burgundy'],
          ),
          item(
            'Party Wear',
            'gown',
            'kids',
            [8000, 25000],
            ['Tutu Dress', 'Princess Gown', 'Satin Party Dress', 'Flower Girl Dress'],
            ['Satin', 'Tulle', 'Sequin', 'Lace'],
            ['Rose', 'Ivory', 'Saffron', 'Royal Blue'],
          ),
        ],
      },
      {
        name: 'Boys',
        items: [
          item(
            'T-Shirts',
            'tshirt',
            'kids',
            [2500, 7000],
            ['T-Shirt', 'Graphic T-Shirt', 'Football T-Shirt', 'Striped T-Shirt'],
            ['Cotton', 'Printed', 'Soft', 'Sporty'],
            ['Royal Blue', 'Emerald', 'Saffron', 'Grey', 'Terracotta'],
          ),
          item(
            'Shirts',
            'shirt',
            'kids',
            [4000, 11000],
            ['Button-Up Shirt', 'Kitenge Shirt', 'Check Shirt', 'Short-Sleeve Shirt'],
            ['Cotton', 'Kitenge Print', 'Smart', 'Easy-Iron'],
            ['Royal Blue', 'Ivory', 'Terracotta', 'Olive'],
          ),
          item(
            'Shorts',
            'shorts',
            'kids',
            [2500, 7000],
            ['Shorts', 'Cargo Shorts', 'Denim Shorts', 'Sports Shorts'],
            ['Cotton', 'Denim', 'Quick-Dry', 'Printed'],
            ['Navy', 'Olive', 'Indigo', 'Brown'],
          ),
          item(
            'Trousers',
            'trousers',
            'kids',
            [4000, 11000],
            ['Chinos', 'Jeans', 'Joggers', 'Cargo Trousers'],
            ['Stretch', 'Denim', 'Cotton', 'Durable'],
            ['Navy', 'Indigo', 'Grey', 'Olive'],
          ),
          item(
            'School Uniforms',
            'uniform',
            'kids',
            [6000, 16000],
            ['School Uniform Set', 'School Shirt and Shorts', 'School Shirt and Trousers', 'Uniform Set with Tie'],
            ['Durable', 'Easy-Care', 'Poly-Cotton', 'Classic'],
            ['Royal Blue', 'Navy', 'Grey', 'Emerald'],
          ),
        ],
      },
      {
        name: 'Baby & Toddler',
        items: [
          item(
            'Onesies',
            'onesie',
            'baby',
            [3000, 9000],
            ['Onesie', 'Bodysuit Set', 'Romper', 'Footed Onesie'],
            ['Organic Cotton', 'Soft', 'Printed', 'Ribbed'],
            ['Ivory', 'Saffron', 'Rose', 'Royal Blue', 'Emerald'],
          ),
          item(
            'Baby Dresses',
            'dress',
            'baby',
            [4000, 12000],
            ['Baby Dress', 'Kitenge Baby Dress', 'Smock Dress', 'Frill Dress'],
            ['Cotton', 'Kitenge Print', 'Soft', 'Embroidered'],
            ['Rose', 'Saffron', 'Ivory', 'Emerald'],
          ),
          item(
            'Sleepwear',
            'onesie',
            'baby',
            [3500, 10000],
            ['Sleepsuit', 'Footed Sleepsuit', 'Zip Sleepsuit', 'Pyjama Onesie'],
            ['Brushed Cotton', 'Soft', 'Printed', 'Cosy'],
            ['Royal Blue', 'Rose', 'Grey', 'Ivory'],
          ),
          item(
            'Accessories',
            'babyhat',
            'none',
            [1500, 8000],
            ['Baby Hat', 'Knitted Baby Hat', 'Baby Beanie', 'Baby Sun Hat'],
            ['Knitted', 'Organic Cotton', 'Kitenge', 'Soft'],
            ['Ivory', 'Rose', 'Saffron', 'Royal Blue'],
          ),
        ],
      },
    ],
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    emoji: '👜',
    groups: [
      {
        name: 'Jewelry',
        items: [
          item(
            'Necklaces',
            'necklace',
            'none',
            [3000, 45000],
            ['Pendant Necklace', 'Beaded Necklace', 'Chain Necklace', 'Layered Necklace'],
            ['Gold-Plated', 'Sterling Silver', 'Hand-Beaded', 'Brass'],
            C.metal,
          ),
          item(
            'Earrings',
            'earrings',
            'none',
            [2000, 25000],
            ['Hoop Earrings', 'Drop Earrings', 'Stud Earrings', 'Beaded Earrings'],
            ['Gold-Plated', 'Sterling Silver', 'Brass', 'Hand-Beaded'],
            C.metal,
          ),
          item(
            'Bracelets',
            'bracelet',
            'none',
            [2000, 25000],
            ['Bangle', 'Beaded Bracelet', 'Cuff Bracelet', 'Charm Bracelet'],
            ['Brass', 'Sterling Silver', 'Hand-Beaded', 'Gold-Plated'],
            C.metal,
          ),
          item(
            'Rings',
            'ring',
            'ring',
            [3000, 35000],
            ['Stacking Ring', 'Signet Ring', 'Band Ring', 'Statement Ring'],
            ['Sterling Silver', 'Gold-Plated', 'Brass', 'Hammered'],
            C.metal,
          ),
          item(
            'Traditional Jewelry',
            'necklace',
            'none',
            [4000, 40000],
            ['Cowrie Necklace', 'Ceremonial Bead Necklace', 'Horn Pendant Necklace', 'Imigongo Bead Necklace'],
            ['Hand-Beaded', 'Hand-Carved', 'Woven', 'Traditional'],
            ['Saffron', 'Terracotta', 'Black', 'Ivory'],
          ),
        ],
      },
      {
        name: 'Bags',
        items: [
          item(
            'Handbags',
            'handbag',
            'none',
            [12000, 65000],
            ['Tote Bag', 'Shoulder Bag', 'Top-Handle Bag', 'Bucket Bag'],
            ['Leather', 'Kitenge', 'Woven', 'Vegan Leather'],
            C.leather,
          ),
          item(
            'Backpacks',
            'backpack',
            'none',
            [10000, 40000],
            ['Backpack', 'Laptop Backpack', 'Mini Backpack', 'Rolltop Backpack'],
            ['Canvas', 'Leather', 'Kitenge', 'Water-Resistant'],
            ['Black', 'Olive', 'Navy', 'Terracotta'],
          ),
          item(
            'Clutches',
            'clutch',
            'none',
            [6000, 30000],
            ['Clutch', 'Envelope Clutch', 'Beaded Clutch', 'Box Clutch'],
            ['Kitenge', 'Satin', 'Leather', 'Hand-Beaded'],
            ['Black', 'Saffron', 'Burgundy', 'Gold'],
          ),
          item(
            'Travel Bags',
            'suitcase',
            'none',
            [25000, 120000],
            ['Carry-On Suitcase', 'Hard-Shell Suitcase', 'Wheeled Suitcase', 'Cabin Suitcase'],
            ['Canvas', 'Leather', 'Hard-Shell', 'Kitenge-Trimmed'],
            ['Black', 'Brown', 'Navy', 'Olive'],
          ),
        ],
      },
      {
        name: 'Others',
        items: [
          item(
            'Belts',
            'belt',
            'adult',
            [4000, 20000],
            ['Leather Belt', 'Beaded Belt', 'Woven Belt', 'Reversible Belt'],
            ['Full-Grain', 'Hand-Beaded', 'Classic', 'Braided'],
            C.leather,
          ),
          item(
            'Scarves',
            'scarf',
            'none',
            [3000, 18000],
            ['Scarf', 'Kitenge Scarf', 'Silk Scarf', 'Pashmina Wrap'],
            ['Printed', 'Silk', 'Cotton', 'Woven'],
            C.bright,
          ),
          item(
            'Hats',
            'hat',
            'none',
            [3000, 18000],
            ['Bucket Hat', 'Fedora', 'Sun Hat', 'Kitenge Cap'],
            ['Straw', 'Cotton', 'Wool', 'Kitenge'],
            ['Natural', 'Black', 'Brown', 'Terracotta'],
          ),
          item(
            'Sunglasses',
            'sunglasses',
            'none',
            [5000, 30000],
            ['Sunglasses', 'Aviator Sunglasses', 'Cat-Eye Sunglasses', 'Round Sunglasses'],
            ['Polarised', 'UV400', 'Classic', 'Oversized'],
            ['Black', 'Brown', 'Gold', 'Rose'],
          ),
          item(
            'Watches',
            'watch',
            'none',
            [15000, 120000],
            ['Analogue Watch', 'Chronograph Watch', 'Minimalist Watch', 'Leather-Strap Watch'],
            ['Classic', 'Stainless Steel', 'Water-Resistant', 'Slim'],
            ['Black', 'Silver', 'Gold', 'Brown'],
          ),
        ],
      },
    ],
  },
  {
    slug: 'shoes',
    name: 'Shoes',
    emoji: '👠',
    groups: [
      {
        name: "Women's Shoes",
        items: [
          item(
            'Heels',
            'heel',
            'shoes-women',
            [15000, 55000],
            ['Pumps', 'Block Heels', 'Strappy Heels', 'Slingback Heels', 'Kitten Heels'],
            ['Leather', 'Suede', 'Patent', 'Kitenge-Trimmed'],
            ['Black', 'Burgundy', 'Rose', 'Tan', 'Gold'],
          ),
          item(
            'Flats',
            'flat',
            'shoes-women',
            [8000, 28000],
            ['Ballet Flats', 'Pointed Flats', 'Slip-On Flats', 'Bow Flats'],
            ['Leather', 'Suede', 'Kitenge', 'Soft'],
            ['Black', 'Tan', 'Rose', 'Terracotta'],
          ),
          item(
            'Sneakers',
            'sneaker',
            'shoes-women',
            [12000, 45000],
            ['Sneakers', 'Running Shoes', 'Platform Sneakers', 'Canvas Sneakers'],
            ['Lightweight', 'Leather', 'Canvas', 'Cushioned'],
            ['Ivory', 'Black', 'Rose', 'Grey'],
          ),
          item(
            'Boots',
            'boot',
            'shoes-women',
            [20000, 65000],
            ['Ankle Boots', 'Chelsea Boots', 'Knee-High Boots', 'Heeled Boots'],
            ['Leather', 'Suede', 'Classic', 'Lace-Up'],
            C.leather,
          ),
          item(
            'Sandals',
            'sandal',
            'shoes-women',
            [5000, 25000],
            ['Slide Sandals', 'Strappy Sandals', 'Beaded Sandals', 'Wedge Sandals'],
            ['Leather', 'Hand-Beaded', 'Woven', 'Comfort'],
            ['Tan', 'Black', 'Saffron', 'Gold'],
          ),
        ],
      },
      {
        name: "Men's Shoes",
        items: [
          item(
            'Dress Shoes',
            'oxford',
            'shoes-men',
            [25000, 75000],
            ['Oxford Shoes', 'Derby Shoes', 'Brogues', 'Monk Straps'],
            ['Leather', 'Polished', 'Hand-Stitched', 'Classic'],
            ['Black', 'Brown', 'Tan', 'Burgundy'],
          ),
          item(
            'Sneakers',
            'sneaker',
            'shoes-men',
            [15000, 55000],
            ['Sneakers', 'Running Shoes', 'High-Top Sneakers', 'Court Sneakers'],
            ['Leather', 'Lightweight', 'Canvas', 'Cushioned'],
            ['Ivory', 'Black', 'Grey', 'Navy'],
          ),
          item(
            'Boots',
            'boot',
            'shoes-men',
            [25000, 80000],
            ['Chelsea Boots', 'Desert Boots', 'Work Boots', 'Lace-Up Boots'],
            ['Leather', 'Suede', 'Rugged', 'Classic'],
            C.leather,
          ),
          item(
            'Loafers',
            'loafer',
            'shoes-men',
            [18000, 55000],
            ['Penny Loafers', 'Tassel Loafers', 'Driving Loafers', 'Suede Loafers'],
            ['Leather', 'Suede', 'Hand-Stitched', 'Soft'],
            ['Brown', 'Black', 'Tan', 'Navy'],
          ),
          item(
            'Sandals',
            'sandal',
            'shoes-men',
            [5000, 22000],
            ['Leather Sandals', 'Sliders', 'Cross-Strap Sandals', 'Tyre-Sole Sandals'],
            ['Leather', 'Comfort', 'Hand-Made', 'Classic'],
            ['Brown', 'Black', 'Tan'],
          ),
        ],
      },
      {
        name: "Kids' Shoes",
        items: [
          item(
            'School Shoes',
            'oxford',
            'shoes-kids',
            [8000, 22000],
            ['School Shoes', 'Velcro School Shoes', 'Lace-Up School Shoes', 'T-Bar School Shoes'],
            ['Leather', 'Durable', 'Scuff-Resistant', 'Classic'],
            ['Black', 'Brown'],
          ),
          item(
            'Sneakers',
            'sneaker',
            'shoes-kids',
            [6000, 20000],
            ['Sneakers', 'Light-Up Sneakers', 'Velcro Sneakers', 'Running Shoes'],
            ['Lightweight', 'Canvas', 'Cushioned', 'Sporty'],
            ['Royal Blue', 'Rose', 'Ivory', 'Black'],
          ),
          item(
            'Sandals',
            'sandal',
            'shoes-kids',
            [3000, 10000],
            ['Sandals', 'Jelly Sandals', 'Sport Sandals', 'Beaded Sandals'],
            ['Comfort', 'Waterproof', 'Hand-Beaded', 'Soft'],
            ['Rose', 'Royal Blue', 'Saffron', 'Brown'],
          ),
          item(
            'Boots',
            'boot',
            'shoes-kids',
            [8000, 25000],
            ['Rain Boots', 'Ankle Boots', 'Hiking Boots', 'Chelsea Boots'],
            ['Waterproof', 'Leather', 'Rugged', 'Warm'],
            ['Navy', 'Brown', 'Rose', 'Black'],
          ),
        ],
      },
    ],
  },
  {
    slug: 'beauty',
    name: 'Beauty',
    emoji: '💄',
    // Not taken back once delivered, for hygiene (shown on each product page and at checkout).
    returnDays: 0,
    groups: [
      {
        name: 'Skincare',
        items: [
          item(
            'Face Care',
            'jar',
            'volume',
            [4000, 28000],
            ['Face Cream', 'Day Cream', 'Clay Mask', 'Gel Moisturiser', 'Face Balm'],
            ['Hydrating', 'Brightening', 'Moringa', 'Avocado', 'Gentle'],
            ['Saffron', 'Emerald', 'Ivory', 'Rose'],
          ),
          item(
            'Body Care',
            'bottle',
            'volume',
            [3000, 18000],
            ['Body Lotion', 'Body Oil', 'Shower Gel', 'Body Wash', 'Hand and Body Lotion'],
            ['Shea', 'Coconut', 'Macadamia', 'Coffee', 'Avocado'],
            ['Saffron', 'Brown', 'Emerald', 'Ivory'],
          ),
          item(
            'Natural Products',
            'jar',
            'volume',
            [2500, 15000],
            ['Raw Shea Butter', 'Whipped Shea Butter', 'Black Soap Paste', 'Honey Lip Balm', 'Cocoa Butter'],
            ['Organic', 'Unrefined', 'Handmade', 'Pure'],
            ['Natural', 'Saffron', 'Emerald', 'Brown'],
          ),
          item(
            'Anti-Aging',
            'dropper',
            'volume',
            [9000, 45000],
            ['Retinol Serum', 'Vitamin C Serum', 'Hyaluronic Serum', 'Face Oil'],
            ['Firming', 'Restoring', 'Baobab', 'Intensive'],
            ['Burgundy', 'Ivory', 'Saffron', 'Emerald'],
          ),
        ],
      },
      {
        name: 'Makeup',
        items: [
          item(
            'Face Makeup',
            'compact',
            'none',
            [5000, 25000],
            ['Pressed Powder', 'Compact Foundation', 'Bronzer', 'Highlighter', 'Blush'],
            ['Matte', 'Dewy', 'Long-Wear', 'Buildable'],
            ['Brown', 'Tan', 'Rose', 'Gold'],
          ),
          item(
            'Eye Makeup',
            'palette',
            'none',
            [4000, 22000],
            ['Eyeshadow Palette', 'Nude Palette', 'Shimmer Palette', 'Mini Palette'],
            ['Sunset', 'Volumising', 'Waterproof', 'Smudge-Proof'],
            ['Terracotta', 'Black', 'Burgundy', 'Gold'],
          ),
          item(
            'Lip Products',
            'lipstick',
            'none',
            [3000, 15000],
            ['Lipstick', 'Matte Lipstick', 'Satin Lipstick', 'Lipstick Duo'],
            ['Matte', 'Satin', 'Glossy', 'Long-Wear'],
            ['Burgundy', 'Rose', 'Terracotta', 'Brown'],
          ),
          item(
            'Nail Care',
            'nailpolish',
            'none',
            [1500, 8000],
            ['Nail Polish', 'Gel Polish', 'Nail Polish Set', 'Top Coat'],
            ['Quick-Dry', 'Glossy', 'Chip-Resistant', 'Nourishing'],
            ['Rose', 'Burgundy', 'Saffron', 'Emerald', 'Royal Blue'],
          ),
        ],
      },
      {
        name: 'Hair Care',
        items: [
          item(
            'Natural Hair',
            'jar',
            'volume',
            [3000, 18000],
            ['Curl Cream', 'Edge Control', 'Hair Butter', 'Twist Pudding', 'Styling Gel'],
            ['Shea', 'Moisturising', 'Defining', 'Castor Oil'],
            ['Saffron', 'Emerald', 'Rose', 'Brown'],
          ),
          item(
            'Hair Extensions',
            'wig',
            'none',
            [15000, 120000],
            ['Braiding Hair', 'Lace-Front Wig', 'Kinky Straight Wig', 'Crochet Braids', 'Bob Wig'],
            ['Human Hair', 'Pre-Stretched', 'Natural-Look', 'Synthetic'],
            ['Black', 'Brown', 'Burgundy'],
          ),
          item(
            'Hair Tools',
            'comb',
            'none',
            [2000, 40000],
            ['Wide-Tooth Comb', 'Detangling Comb', 'Afro Pick', 'Rat-Tail Comb'],
            ['Wooden', 'Ceramic', 'Ionic', 'Satin'],
            ['Black', 'Rose', 'Brown', 'Royal Blue'],
          ),
          item(
            'Hair Care Products',
            'bottle',
            'volume',
            [3000, 16000],
            ['Shampoo', 'Conditioner', 'Hair Oil', 'Co-Wash'],
            ['Sulfate-Free', 'Avocado', 'Rosemary', 'Moisturising'],
            ['Emerald', 'Saffron', 'Ivory', 'Brown'],
          ),
        ],
      },
    ],
  },
  {
    slug: 'home-living',
    name: 'Home & Living',
    emoji: '🏠',
    groups: [
      {
        name: 'Home Textiles',
        items: [
          item(
            'Bedding',
            'bedding',
            'bedding',
            [18000, 85000],
            ['Duvet Cover Set', 'Bed Sheet Set', 'Quilt', 'Bedspread'],
            ['Kitenge Print', 'Cotton', 'Imigongo Print', 'Percale'],
            ['Ivory', 'Indigo', 'Terracotta', 'Emerald'],
          ),
          item(
            'Curtains',
            'curtain',
            'curtain',
            [15000, 60000],
            ['Curtain Pair', 'Sheer Curtains', 'Blackout Curtains', 'Kitenge Curtains'],
            ['Lined', 'Linen', 'Printed', 'Cotton'],
            ['Ivory', 'Saffron', 'Emerald', 'Grey'],
          ),
          item(
            'Cushions & Throws',
            'cushion',
            'none',
            [5000, 30000],
            ['Cushion Cover', 'Scatter Cushion', 'Floor Cushion', 'Bolster Cushion'],
            ['Kitenge', 'Imigongo', 'Woven', 'Embroidered'],
            ['Terracotta', 'Saffron', 'Indigo', 'Black'],
          ),
          item(
            'Table Linen',
            'tablecloth',
            'none',
            [5000, 28000],
            ['Tablecloth', 'Round Tablecloth', 'Kitenge Tablecloth', 'Linen Tablecloth'],
            ['Kitenge', 'Linen', 'Embroidered', 'Printed'],
            ['Ivory', 'Terracotta', 'Indigo', 'Saffron'],
          ),
        ],
      },
      {
        name: 'Kitchen & Dining',
        items: [
          item(
            'Cookware',
            'pot',
            'none',
            [12000, 75000],
            ['Clay Cooking Pot', 'Cooking Pot', 'Stockpot', 'Saucepan'],
            ['Hand-Thrown', 'Non-Stick', 'Enamelled', 'Heavy-Duty'],
            ['Terracotta', 'Black', 'Royal Blue', 'Emerald'],
          ),
          item(
            'Tableware',
            'plate',
            'none',
            [6000, 45000],
            ['Dinner Plate Set', 'Side Plates', 'Serving Platter', 'Painted Plate'],
            ['Hand-Painted', 'Ceramic', 'Carved', 'Imigongo Pattern'],
            ['Terracotta', 'Indigo', 'Ivory', 'Natural'],
          ),
          item(
            'Baskets & Storage',
            'basket',
            'none',
            [4000, 40000],
            ['Agaseke Basket', 'Woven Storage Basket', 'Fruit Bowl Basket', 'Laundry Basket'],
            ['Hand-Woven', 'Sisal', 'Banana-Leaf', 'Lidded'],
            ['Natural', 'Terracotta', 'Black', 'Saffron'],
          ),
        ],
      },
      {
        name: 'Decor',
        items: [
          item(
            'Imigongo Art',
            'imigongo',
            'none',
            [15000, 120000],
            ['Imigongo Panel', 'Imigongo Wall Art', 'Imigongo Tile Set', 'Imigongo Canvas'],
            ['Hand-Made', 'Cow-Dung Relief', 'Traditional', 'Large'],
            ['Black', 'Terracotta', 'Ivory'],
          ),
          item(
            'Wall Decor',
            'frame',
            'none',
            [8000, 65000],
            ['Framed Print', 'Framed Canvas', 'Photo Frame', 'Framed Wall Art'],
            ['Hand-Woven', 'Framed', 'Kigali Hills', 'Modern'],
            ['Natural', 'Black', 'Saffron', 'Emerald'],
          ),
          item(
            'Candles & Fragrance',
            'candle',
            'none',
            [3000, 20000],
            ['Scented Candle', 'Candle Set', 'Pillar Candle', 'Jar Candle'],
            ['Lemongrass', 'Coffee & Vanilla', 'Eucalyptus', 'Hand-Poured'],
            ['Ivory', 'Saffron', 'Emerald', 'Terracotta'],
          ),
        ],
      },
    ],
  },
]

/** 'Tops & Blouses' → 'tops-blouses', "Women's Shoes" → 'womens-shoes'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export type FlatItem = {
  department: DepartmentSpec
  group: GroupSpec
  spec: ItemSpec
  slug: string
  groupSlug: string
}

/** Every item of the tree, in menu order, with its slug (`women-clothing-dresses`). */
export function flattenItems(): FlatItem[] {
  return DEPARTMENTS.flatMap((department) =>
    department.groups.flatMap((group) => {
      const groupSlug = `${department.slug}-${slugify(group.name)}`
      return group.items.map((spec) => ({
        department,
        group,
        spec,
        groupSlug,
        slug: `${groupSlug}-${slugify(spec.name)}`,
      }))
    }),
  )
}

export const SIZES: Record<SizeKind, string[]> = {
  adult: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  kids: ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y', '12-13Y'],
  baby: ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M'],
  'shoes-women': ['36', '37', '38', '39', '40', '41'],
  'shoes-men': ['40', '41', '42', '43', '44', '45'],
  'shoes-kids': ['28', '30', '32', '34', '36'],
  volume: ['50 ml', '100 ml', '250 ml'],
  bedding: ['Single', 'Double', 'Queen', 'King'],
  curtain: ['140 × 180 cm', '140 × 240 cm', '200 × 260 cm'],
  ring: ['6', '7', '8', '9'],
  none: [],
}
