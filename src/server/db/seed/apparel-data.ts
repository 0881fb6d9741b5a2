/**
 * Building blocks for the ladies' apparel part of the demo catalogue. Apparel listings are
 * many near-identical styles, so products are composed (brand x colour x print x fabric x
 * garment) the way store titles read, e.g. "Libas Women Teal Floral Printed Cotton Kurta".
 */
import type { INDIAN_FUSION_WEAR, WESTERN_WEAR } from '@/shared/catalog';

export type ApparelLeafSlug = (typeof INDIAN_FUSION_WEAR)[number] | (typeof WESTERN_WEAR)[number];

/** How a style's variants are sized. */
export type SizeScheme = 'letter' | 'waist' | 'free' | 'strap';

export type ApparelLeaf = {
  /** Garment names with the silhouette renderProductSvg draws, and brands that make it when not `brands`. */
  garments: readonly (readonly [noun: string, kind: string, brands?: readonly string[]])[];
  brands: readonly string[];
  /** Street price range in rupees for a mid-priced brand. */
  price: readonly [min: number, max: number];
  fabrics: readonly string[];
  patterns: readonly string[];
  /** Style attributes shown as specifications; one value of each is picked per product. */
  attributes: Readonly<Record<string, readonly string[]>>;
  occasions: readonly string[];
  /** One sentence each on how to wear it; picked per product. */
  styling: readonly string[];
  features: readonly string[];
  sizes: SizeScheme;
  care: readonly string[];
};

/** Relative price level of a brand (1 = mass-market mid-price). */
export const BRAND_PRICE_LEVEL: Readonly<Record<string, number>> = {
  Roadster: 0.7,
  'Tokyo Talkies': 0.65,
  HRX: 0.75,
  Harpa: 0.7,
  Berrylush: 0.7,
  DressBerry: 0.75,
  'Jaipur Kurti': 0.7,
  'Saree Mall': 0.75,
  Satrani: 0.7,
  Mitera: 0.8,
  Anouk: 0.85,
  Sangria: 0.85,
  Kalini: 0.8,
  'Indo Era': 0.8,
  Libas: 0.9,
  Soch: 1.1,
  Biba: 1.1,
  'W for Woman': 1.15,
  Aurelia: 1,
  'Global Desi': 1.05,
  FabIndia: 1.4,
  Taneira: 2.4,
  'H&M': 1,
  ONLY: 1.1,
  'Vero Moda': 1.15,
  "Levi's": 1.45,
  'Pepe Jeans': 1.3,
  'Mango': 1.6,
  Zara: 1.75,
  'Forever New': 1.9,
  'U.S. Polo Assn.': 1.2,
  Puma: 1.3,
  AND: 1.25,
  Fastrack: 0.8,
  Sonata: 0.6,
  Titan: 1.3,
  Timex: 1,
  Casio: 1.1,
  Fossil: 2.6,
  'Daniel Wellington': 2.4,
  Noise: 0.7,
  'Fire-Boltt': 0.6,
};

const ETHNIC_BRANDS = ['Biba', 'W for Woman', 'Libas', 'FabIndia', 'Aurelia', 'Global Desi', 'Anouk', 'Sangria', 'Soch', 'Jaipur Kurti'];
const WESTERN_BRANDS = ['Zara', 'H&M', 'ONLY', 'Vero Moda', 'Mango', 'Forever New', 'Tokyo Talkies', 'Berrylush', 'Harpa', 'AND', 'DressBerry'];
const LETTER_CARE = ['Machine wash cold with like colours', 'Gentle machine wash', 'Hand wash separately in cold water'];
const DELICATE_CARE = ['Dry clean only', 'Hand wash separately in cold water, dry in shade'];

export const APPAREL: Record<ApparelLeafSlug, ApparelLeaf> = {
  'kurtas-suits': {
    garments: [
      ['Straight Kurta with Palazzos & Dupatta', 'kurta-set'],
      ['Anarkali Kurta with Trousers & Dupatta', 'anarkali'],
      ['A-Line Kurta with Trousers', 'kurta-set'],
      ['Straight Kurta', 'kurta'],
      ['Kurta with Sharara & Dupatta', 'kurta-set'],
      ['Angrakha Kurta', 'kurta'],
    ],
    brands: [...ETHNIC_BRANDS, 'Indo Era', 'Kalini'],
    price: [499, 3999],
    fabrics: ['Pure Cotton', 'Rayon', 'Cotton Blend', 'Chanderi Silk', 'Georgette', 'Viscose Rayon'],
    patterns: ['Floral Printed', 'Ethnic Motifs Printed', 'Embroidered', 'Block Printed', 'Chikankari', 'Solid', 'Bandhani Printed', 'Striped'],
    attributes: {
      Neck: ['Round Neck', 'V-Neck', 'Mandarin Collar', 'Keyhole Neck', 'Sweetheart Neck'],
      'Sleeve Length': ['Three-Quarter Sleeves', 'Short Sleeves', 'Sleeveless', 'Long Sleeves'],
      Length: ['Calf Length', 'Knee Length', 'Ankle Length'],
    },
    occasions: ['Festive', 'Daily', 'Work', 'Party'],
    styling: [
      'Pair it with juttis and jhumkas for a festive lunch, or keep it simple with flats for the office.',
      'It layers easily with a statement dupatta for pujas and family functions.',
      'Add block heels and oxidised silver for an easy day-to-evening look.',
    ],
    features: ['Side slits for easy movement', 'Comes with a matching dupatta', 'Breathable fabric for Indian summers', 'Side pockets', 'Elasticated waistband on the bottoms', 'Lined bodice, no see-through'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  'kurtis-tunics-tops': {
    garments: [
      ['A-Line Kurti', 'kurti'],
      ['Straight Kurti', 'kurti'],
      ['Tunic', 'kurti'],
      ['Kaftan Top', 'top'],
      ['Peplum Kurti', 'kurti'],
      ['Shirt-Style Tunic', 'kurti'],
    ],
    brands: [...ETHNIC_BRANDS, 'Indo Era', 'Kalini'],
    price: [349, 2199],
    fabrics: ['Pure Cotton', 'Rayon', 'Cotton Slub', 'Crepe', 'Linen Blend', 'Georgette'],
    patterns: ['Floral Printed', 'Geometric Printed', 'Embroidered', 'Solid', 'Striped', 'Block Printed', 'Abstract Printed'],
    attributes: {
      Neck: ['Round Neck', 'Mandarin Collar', 'V-Neck', 'Notched Neck'],
      'Sleeve Length': ['Three-Quarter Sleeves', 'Short Sleeves', 'Roll-Up Sleeves', 'Flared Sleeves'],
      Length: ['Hip Length', 'Thigh Length'],
    },
    occasions: ['Daily', 'Work', 'Casual'],
    styling: [
      'Wear it over jeans for college or with cigarette pants for work.',
      'It goes with leggings, palazzos or denim, so it earns its place in a travel bag.',
      'Add kolhapuris and a sling bag for an easy weekend outfit.',
    ],
    features: ['Short length that works with jeans', 'Breathable, soft-touch fabric', 'Curved hem', 'Side slits', 'Button placket at the neck'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  sarees: {
    garments: [
      ['Banarasi Silk Saree', 'saree'],
      ['Kanjeevaram Art Silk Saree', 'saree'],
      ['Chiffon Saree', 'saree'],
      ['Georgette Saree', 'saree'],
      ['Cotton Handloom Saree', 'saree'],
      ['Organza Saree', 'saree'],
      ['Linen Saree', 'saree'],
    ],
    brands: ['Kalini', 'Mitera', 'Soch', 'Sangria', 'Saree Mall', 'Satrani', 'FabIndia', 'Taneira', 'Anouk'],
    price: [799, 8999],
    fabrics: ['Silk Blend', 'Art Silk', 'Pure Georgette', 'Cotton', 'Organza', 'Linen Blend'],
    patterns: ['Zari Woven', 'Floral Printed', 'Bandhani Printed', 'Leheriya', 'Embroidered', 'Sequinned', 'Striped', 'Checked'],
    attributes: {
      Border: ['Zari border', 'Contrast woven border', 'Scalloped border', 'Embroidered border', 'Tasselled pallu'],
      'Blouse Piece': ['Unstitched blouse piece included', 'Running blouse piece', 'Stitched blouse, size 38 with margins'],
      Length: ['5.5 m saree + 0.8 m blouse', '5.5 m saree + 0.9 m blouse'],
    },
    occasions: ['Wedding', 'Festive', 'Party', 'Work'],
    styling: [
      'Drape it with a contrast blouse and temple jewellery for weddings and festive evenings.',
      'A sleeveless blouse and a sleek clutch turn it into a cocktail-party drape.',
      'Light enough to pleat neatly for a full day at work or at a family function.',
    ],
    features: ['Blouse piece included', 'Soft drape that pleats easily', 'Lightweight for all-day wear', 'Woven pallu with tassels', 'Fall and pico done'],
    sizes: 'free',
    care: DELICATE_CARE,
  },
  'ethnic-wear': {
    garments: [
      ['Anarkali Gown', 'anarkali'],
      ['Ethnic Maxi Dress', 'gown'],
      ['Kurta with Sharara Set', 'kurta-set'],
      ['Dhoti Pants Co-ord Set', 'co-ord'],
      ['Kaftan Dress', 'gown'],
    ],
    brands: ['Biba', 'W for Woman', 'Global Desi', 'Aurelia', 'Soch', 'Libas', 'Sangria', 'Anouk', 'Kalini'],
    price: [799, 4999],
    fabrics: ['Georgette', 'Rayon', 'Chanderi Cotton', 'Silk Blend', 'Crepe', 'Modal'],
    patterns: ['Embroidered', 'Floral Printed', 'Ethnic Motifs Printed', 'Sequinned', 'Solid', 'Leheriya', 'Mirror Work'],
    attributes: {
      Neck: ['Round Neck', 'V-Neck', 'Sweetheart Neck', 'Boat Neck'],
      'Sleeve Length': ['Three-Quarter Sleeves', 'Bell Sleeves', 'Sleeveless', 'Cap Sleeves'],
      Silhouette: ['Flared', 'A-Line', 'Tiered'],
    },
    occasions: ['Festive', 'Wedding', 'Party'],
    styling: [
      'A ready-to-wear festive look: add a potli bag and chandbalis and you are set for sangeet night.',
      'Pair it with kolhapuris for a day function, heels for the evening.',
      'Let it carry the outfit; a slim bangle and studs are all it needs.',
    ],
    features: ['Flared, twirl-worthy hem', 'Fully lined', 'Concealed zip closure', 'Tie-up tassels at the neck', 'Ready to wear, no tailoring needed'],
    sizes: 'letter',
    care: DELICATE_CARE,
  },
  'skirts-palazzos': {
    garments: [
      ['Flared Palazzos', 'palazzo'],
      ['Ethnic Maxi Skirt', 'skirt'],
      ['Sharara Pants', 'palazzo'],
      ['Dhoti Pants', 'palazzo'],
      ['Tiered Flared Skirt', 'skirt'],
    ],
    brands: ['Biba', 'W for Woman', 'Libas', 'Global Desi', 'FabIndia', 'Jaipur Kurti', 'Sangria', 'Aurelia', 'Indo Era'],
    price: [399, 1999],
    fabrics: ['Rayon', 'Pure Cotton', 'Cotton Flex', 'Georgette', 'Crepe'],
    patterns: ['Solid', 'Floral Printed', 'Block Printed', 'Ethnic Motifs Printed', 'Striped', 'Gota Patti'],
    attributes: {
      Waist: ['Elasticated waist with drawstring', 'Partially elasticated waist', 'Side zip closure'],
      Length: ['Ankle Length', 'Maxi Length', 'Cropped'],
      Pockets: ['Two side pockets', 'No pockets'],
    },
    occasions: ['Daily', 'Festive', 'Work'],
    styling: [
      'Team it with a short kurti for work, or with a crop top for a fusion look.',
      'The flare balances a fitted top; add mojaris and silver jewellery.',
      'A neutral base that goes with half the kurtas in your wardrobe.',
    ],
    features: ['Comfortable elasticated waist', 'Side pockets', 'Wide, flowy flare', 'Pre-shrunk fabric'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  'lehenga-cholis': {
    garments: [
      ['Semi-Stitched Lehenga Choli with Dupatta', 'lehenga'],
      ['Ready to Wear Lehenga with Blouse & Dupatta', 'lehenga'],
      ['Embellished Lehenga Set', 'lehenga'],
    ],
    brands: ['Kalini', 'Mitera', 'Soch', 'Sangria', 'Biba', 'Aurelia', 'Global Desi', 'Indo Era', 'Anouk'],
    price: [1499, 17999],
    fabrics: ['Net', 'Art Silk', 'Georgette', 'Velvet', 'Organza', 'Silk Blend'],
    patterns: ['Embroidered', 'Sequinned', 'Zari Woven', 'Mirror Work', 'Floral Printed', 'Gota Patti'],
    attributes: {
      Stitch: ['Semi-stitched, waist up to 42 in', 'Ready to wear', 'Unstitched blouse, semi-stitched skirt'],
      Dupatta: ['Net dupatta with border', 'Organza dupatta', 'Georgette dupatta with lace'],
      Flare: ['3 m flare', '4 m flare', '5 m flare with can-can'],
    },
    occasions: ['Wedding', 'Festive', 'Party'],
    styling: [
      'Made for sangeet and reception nights; add a maang tikka and heavy earrings.',
      'Wear the dupatta pinned on one shoulder for photos, or draped on both arms to dance.',
      'Pair the skirt with a crop top later for a second outfit from one purchase.',
    ],
    features: ['Heavy flare with can-can lining', 'Dupatta included', 'Adjustable tie-up back on the blouse', 'Latkans on the drawstring', 'Padded blouse'],
    sizes: 'free',
    care: DELICATE_CARE,
  },
  jackets: {
    garments: [
      ['Longline Ethnic Jacket', 'ethnic-jacket'],
      ['Nehru Jacket', 'ethnic-jacket'],
      ['Quilted Ethnic Jacket', 'ethnic-jacket'],
      ['Embroidered Shrug Jacket', 'shrug'],
    ],
    brands: ['FabIndia', 'Biba', 'W for Woman', 'Global Desi', 'Aurelia', 'Libas', 'Soch', 'Anouk', 'Sangria'],
    price: [799, 3499],
    fabrics: ['Silk Blend', 'Cotton', 'Chanderi', 'Velvet', 'Khadi Cotton'],
    patterns: ['Embroidered', 'Block Printed', 'Ikat Woven', 'Solid', 'Mirror Work', 'Kantha Stitched'],
    attributes: {
      Closure: ['Open front', 'Button closure', 'Tie-up closure'],
      'Sleeve Length': ['Sleeveless', 'Three-Quarter Sleeves', 'Long Sleeves'],
      Length: ['Hip Length', 'Knee Length', 'Longline'],
    },
    occasions: ['Festive', 'Work', 'Party'],
    styling: [
      'Throw it over a plain kurta to make a simple set festive.',
      'It layers over a slip dress or a white shirt for an Indo-western look.',
      'A good December-wedding layer that keeps the outfit visible.',
    ],
    features: ['Fully lined', 'Two welt pockets', 'Structured shoulders', 'Works over kurtas and dresses'],
    sizes: 'letter',
    care: DELICATE_CARE,
  },
  'watches-wearables': {
    garments: [
      ['Analogue Watch', 'analog-watch'],
      ['Bracelet Watch', 'analog-watch'],
      ['Smartwatch', 'watch', ['Noise', 'Fire-Boltt']],
    ],
    brands: ['Titan', 'Fastrack', 'Sonata', 'Fossil', 'Casio', 'Timex', 'Daniel Wellington'],
    price: [899, 9999],
    fabrics: ['Stainless Steel Strap', 'Leather Strap', 'Mesh Strap', 'Silicone Strap', 'Ceramic Bracelet'],
    patterns: ['Mother of Pearl Dial', 'Crystal-Studded', 'Minimal Dial', 'Floral Dial', 'Textured Dial', 'Slim'],
    attributes: {
      'Dial Shape': ['Round', 'Square', 'Tonneau'],
      'Water Resistance': ['30 m (splash resistant)', '50 m', '3 ATM'],
      Warranty: ['1 year manufacturer warranty', '2 years manufacturer warranty'],
    },
    occasions: ['Work', 'Party', 'Daily'],
    styling: [
      'Slim enough to wear under a cuff at work and pretty enough to stack with bangles.',
      'A gift-ready box makes it an easy pick for birthdays and Raksha Bandhan.',
      'Works with both a saree and a shirt dress.',
    ],
    features: ['Gift-ready box', 'Adjustable strap', 'Scratch-resistant glass', 'Quartz movement, long battery life'],
    sizes: 'strap',
    care: ['Wipe with a soft dry cloth', 'Keep away from perfume and harsh chemicals'],
  },
  dresses: {
    garments: [
      ['Fit & Flare Dress', 'dress'],
      ['Maxi Dress', 'gown'],
      ['Bodycon Dress', 'dress'],
      ['Wrap Dress', 'dress'],
      ['Shirt Dress', 'dress'],
      ['A-Line Midi Dress', 'dress'],
    ],
    brands: WESTERN_BRANDS,
    price: [599, 3999],
    fabrics: ['Crepe', 'Georgette', 'Pure Cotton', 'Satin', 'Linen Blend', 'Polyester'],
    patterns: ['Floral Printed', 'Solid', 'Polka Dot', 'Striped', 'Checked', 'Abstract Printed', 'Smocked'],
    attributes: {
      Neck: ['V-Neck', 'Square Neck', 'Round Neck', 'Shirt Collar', 'Halter Neck'],
      'Sleeve Length': ['Short Sleeves', 'Puff Sleeves', 'Sleeveless', 'Long Sleeves'],
      Length: ['Mini', 'Midi', 'Maxi'],
    },
    occasions: ['Casual', 'Party', 'Work', 'Vacation'],
    styling: [
      'Wear it with white sneakers for brunch or strappy heels for dinner.',
      'Belt it at the waist and add a denim jacket when the AC is too cold.',
      'Packs flat and resists creasing, so it makes every holiday bag.',
    ],
    features: ['Concealed back zip', 'Lined bodice', 'Side pockets', 'Adjustable tie at the waist', 'Does not need ironing'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  tops: {
    garments: [
      ['Peplum Top', 'top'],
      ['Crop Top', 'top'],
      ['Regular Top', 'top'],
      ['Wrap Top', 'top'],
      ['Shirt-Style Top', 'top'],
      ['Puff Sleeve Top', 'top'],
    ],
    brands: [...WESTERN_BRANDS, 'Roadster'],
    price: [299, 2499],
    fabrics: ['Georgette', 'Pure Cotton', 'Crepe', 'Satin', 'Linen Blend', 'Viscose Rayon'],
    patterns: ['Solid', 'Floral Printed', 'Striped', 'Polka Dot', 'Checked', 'Self-Design', 'Embroidered'],
    attributes: {
      Neck: ['Round Neck', 'V-Neck', 'Square Neck', 'Shirt Collar', 'Off-Shoulder'],
      'Sleeve Length': ['Short Sleeves', 'Puff Sleeves', 'Three-Quarter Sleeves', 'Sleeveless', 'Long Sleeves'],
      Fit: ['Regular Fit', 'Relaxed Fit', 'Slim Fit'],
    },
    occasions: ['Casual', 'Work', 'Party'],
    styling: [
      'Tuck it into high-rise jeans or wear it loose over a midi skirt.',
      'It dresses up with trousers and loafers for the office.',
      'Easy to layer under a blazer for meetings, then wear on its own after.',
    ],
    features: ['Soft, breathable fabric', 'Curved hem', 'Button-down front', 'Easy to tuck'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  tshirts: {
    garments: [
      ['Round Neck T-shirt', 'tshirt'],
      ['Oversized T-shirt', 'tshirt'],
      ['Crop T-shirt', 'tshirt'],
      ['Polo T-shirt', 'tshirt'],
      ['Graphic T-shirt', 'tshirt'],
    ],
    brands: ['H&M', 'Roadster', 'HRX', 'Puma', "Levi's", 'ONLY', 'Tokyo Talkies', 'U.S. Polo Assn.', 'Zara', 'Mango'],
    price: [249, 1799],
    fabrics: ['Pure Cotton', 'Cotton Jersey', 'Organic Cotton', 'Cotton Blend', 'Dri-Fit Polyester'],
    patterns: ['Solid', 'Striped', 'Graphic Printed', 'Typography Printed', 'Colourblocked'],
    attributes: {
      Neck: ['Round Neck', 'V-Neck', 'Polo Collar', 'High Neck'],
      'Sleeve Length': ['Short Sleeves', 'Drop-Shoulder Sleeves', 'Long Sleeves'],
      Fit: ['Regular Fit', 'Oversized Fit', 'Slim Fit', 'Boxy Fit'],
    },
    occasions: ['Casual', 'Sports', 'Daily'],
    styling: [
      'A wardrobe staple for jeans, joggers and shorts alike.',
      'Wear it under an open shirt or a denim jacket for a layered look.',
      'Knot it at the waist over a high-rise skirt.',
    ],
    features: ['Bio-washed for softness', 'Ribbed neckline keeps its shape', 'Pre-shrunk', 'Breathable cotton'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  jeans: {
    garments: [
      ['Skinny Fit Jeans', 'jeans'],
      ['Straight Fit Jeans', 'jeans'],
      ['Wide Leg Jeans', 'jeans'],
      ['Mom Fit Jeans', 'jeans'],
      ['Bootcut Jeans', 'jeans'],
      ['Flared Jeans', 'jeans'],
    ],
    brands: ["Levi's", 'Roadster', 'ONLY', 'Vero Moda', 'H&M', 'Zara', 'Mango', 'Pepe Jeans', 'Tokyo Talkies', 'Harpa'],
    price: [799, 3499],
    fabrics: ['Stretchable Denim', 'Cotton Denim', 'Rigid Denim', 'Lyocell Denim'],
    patterns: ['Light Fade', 'Heavy Fade', 'Clean Look', 'Mildly Distressed', 'Acid Wash'],
    attributes: {
      Rise: ['High-Rise', 'Mid-Rise', 'Super High-Rise'],
      Stretch: ['Stretchable', 'Non-Stretchable', 'Slight stretch'],
      Closure: ['Button and zip', 'Button fly'],
    },
    occasions: ['Casual', 'Daily', 'Work'],
    styling: [
      'Goes with crop tops, kurtis and oversized shirts alike.',
      'Roll the hems once and pair with loafers or chunky sneakers.',
      'Dress it up with a silk blouse and block heels for Friday dinners.',
    ],
    features: ['Five-pocket styling', 'Belt loops', 'Comfort stretch', 'Reinforced stitching at stress points'],
    sizes: 'waist',
    care: ['Wash inside out in cold water', 'Machine wash cold, do not bleach'],
  },
  'shorts-skirts': {
    garments: [
      ['Denim Shorts', 'shorts'],
      ['A-Line Mini Skirt', 'skirt'],
      ['Pleated Midi Skirt', 'skirt'],
      ['Cargo Shorts', 'shorts'],
      ['Wrap Skirt', 'skirt'],
    ],
    brands: ['ONLY', 'Vero Moda', 'H&M', 'Zara', 'Mango', 'Roadster', 'Tokyo Talkies', 'Harpa', 'Berrylush'],
    price: [399, 2499],
    fabrics: ['Cotton Denim', 'Pure Cotton', 'Satin', 'Linen Blend', 'Crepe'],
    patterns: ['Solid', 'Floral Printed', 'Checked', 'Pleated', 'Polka Dot'],
    attributes: {
      Rise: ['High-Rise', 'Mid-Rise'],
      Length: ['Mini', 'Above Knee', 'Midi'],
      Closure: ['Button and zip', 'Elasticated waist', 'Side zip'],
    },
    occasions: ['Casual', 'Vacation', 'Party'],
    styling: [
      'A holiday staple with tank tops, sliders and a straw bag.',
      'Tuck in a fitted tee and add sneakers for weekend errands.',
      'Pair with a crisp shirt and loafers for a smart-casual look.',
    ],
    features: ['Two front pockets', 'Belt loops', 'Lined to prevent see-through', 'Comfortable waistband'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  'co-ords': {
    garments: [
      ['Shirt & Trousers Co-ord Set', 'co-ord'],
      ['Crop Top & Skirt Co-ord Set', 'co-ord'],
      ['Linen Co-ord Set', 'co-ord'],
      ['Printed Lounge Co-ord Set', 'co-ord'],
    ],
    brands: ['Zara', 'H&M', 'Mango', 'ONLY', 'Vero Moda', 'Tokyo Talkies', 'Berrylush', 'AND', 'Global Desi', 'Libas'],
    price: [799, 3999],
    fabrics: ['Linen Blend', 'Pure Cotton', 'Crepe', 'Satin', 'Viscose Rayon'],
    patterns: ['Solid', 'Floral Printed', 'Striped', 'Abstract Printed', 'Checked'],
    attributes: {
      'Top Type': ['Shirt', 'Crop top', 'Kimono top', 'Vest'],
      'Bottom Type': ['Wide-leg trousers', 'Straight trousers', 'Midi skirt', 'Shorts'],
      Fit: ['Relaxed Fit', 'Regular Fit'],
    },
    occasions: ['Vacation', 'Casual', 'Work'],
    styling: [
      'Wear the set together for a put-together look, or split it up with denim and tees.',
      'A travel favourite: two pieces, three outfits.',
      'Add gold hoops and flat sandals for a beach lunch.',
    ],
    features: ['Two-piece set', 'Elasticated waistband on the bottoms', 'Pockets in the trousers', 'Wear together or separately'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  jumpsuits: {
    garments: [
      ['Basic Jumpsuit', 'jumpsuit'],
      ['Wide Leg Jumpsuit', 'jumpsuit'],
      ['Denim Jumpsuit', 'jumpsuit'],
      ['Culotte Jumpsuit', 'jumpsuit'],
      ['Playsuit', 'jumpsuit'],
    ],
    brands: ['ONLY', 'Vero Moda', 'H&M', 'Zara', 'Mango', 'Tokyo Talkies', 'Harpa', 'Berrylush', 'AND', 'DressBerry'],
    price: [699, 3499],
    fabrics: ['Crepe', 'Pure Cotton', 'Linen Blend', 'Cotton Denim', 'Georgette'],
    patterns: ['Solid', 'Floral Printed', 'Striped', 'Polka Dot', 'Abstract Printed'],
    attributes: {
      Neck: ['V-Neck', 'Shirt Collar', 'Square Neck', 'Halter Neck'],
      'Sleeve Length': ['Sleeveless', 'Short Sleeves', 'Flutter Sleeves'],
      Closure: ['Concealed back zip', 'Button front', 'Tie-up waist'],
    },
    occasions: ['Casual', 'Party', 'Work'],
    styling: [
      'A one-and-done outfit: add sneakers for the day or heels for the night.',
      'Belt it to define the waist and throw on a blazer for the office.',
      'Layer a thin shrug over it when the evening gets cooler.',
    ],
    features: ['Side pockets', 'Self-tie belt', 'Lined bodice', 'Wide, breezy legs'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  shrugs: {
    garments: [
      ['Longline Shrug', 'shrug'],
      ['Crop Shrug', 'shrug'],
      ['Open Front Shrug', 'shrug'],
      ['Kimono Shrug', 'shrug'],
    ],
    brands: ['ONLY', 'Vero Moda', 'H&M', 'Tokyo Talkies', 'Harpa', 'Berrylush', 'DressBerry', 'Roadster', 'Global Desi'],
    price: [299, 1799],
    fabrics: ['Acrylic Knit', 'Cotton Blend', 'Georgette', 'Crochet Cotton', 'Viscose'],
    patterns: ['Solid', 'Floral Printed', 'Self-Design', 'Striped', 'Crochet'],
    attributes: {
      'Sleeve Length': ['Long Sleeves', 'Three-Quarter Sleeves', 'Short Sleeves'],
      Length: ['Cropped', 'Hip Length', 'Longline'],
      Closure: ['Open front', 'Single button', 'Tie-up front'],
    },
    occasions: ['Casual', 'Work', 'Vacation'],
    styling: [
      'An easy layer over dresses and tank tops in over-cooled offices.',
      'Slip it over a swimsuit on the beach or a slip dress in the evening.',
      'It takes a plain tee and jeans up a notch.',
    ],
    features: ['Lightweight layer', 'Open front', 'Soft, non-itchy fabric', 'Folds small for travel'],
    sizes: 'letter',
    care: LETTER_CARE,
  },
  'sweaters-sweatshirts': {
    garments: [
      ['Pullover Sweater', 'sweater'],
      ['Cable Knit Cardigan', 'sweater'],
      ['Hooded Sweatshirt', 'hoodie'],
      ['Crew Neck Sweatshirt', 'sweater'],
      ['Turtleneck Sweater', 'sweater'],
    ],
    brands: ['H&M', 'Zara', 'ONLY', 'Vero Moda', 'Roadster', 'Puma', 'HRX', "Levi's", 'U.S. Polo Assn.', 'Mango'],
    price: [599, 3499],
    fabrics: ['Acrylic Wool Blend', 'Cotton Fleece', 'Merino Wool Blend', 'Cotton Terry', 'Chenille'],
    patterns: ['Solid', 'Cable Knit', 'Striped', 'Colourblocked', 'Typography Printed'],
    attributes: {
      Neck: ['Crew Neck', 'Hooded', 'Turtle Neck', 'V-Neck'],
      Fit: ['Regular Fit', 'Oversized Fit', 'Boxy Fit'],
      Hem: ['Ribbed hem and cuffs', 'Drop-shoulder, ribbed cuffs'],
    },
    occasions: ['Casual', 'Travel', 'Daily'],
    styling: [
      'Pack it for Manali or wear it through a Delhi winter over a tee.',
      'Layer it over a collared shirt for a preppy look.',
      'Pair with joggers for flights and long drives.',
    ],
    features: ['Soft brushed inner', 'Ribbed cuffs and hem', 'Kangaroo pocket', 'Keeps warm without bulk'],
    sizes: 'letter',
    care: ['Hand wash cold, dry flat', 'Machine wash cold on wool cycle'],
  },
  'jackets-coats': {
    garments: [
      ['Denim Jacket', 'jacket'],
      ['Puffer Jacket', 'jacket'],
      ['Trench Coat', 'coat'],
      ['Longline Overcoat', 'coat'],
      ['Biker Jacket', 'jacket'],
      ['Bomber Jacket', 'jacket'],
    ],
    brands: ['Zara', 'H&M', 'Mango', 'ONLY', 'Vero Moda', 'Roadster', "Levi's", 'Forever New', 'Tokyo Talkies', 'Harpa'],
    price: [999, 5999],
    fabrics: ['Cotton Denim', 'Polyester, padded', 'Wool Blend', 'Faux Leather', 'Cotton Twill'],
    patterns: ['Solid', 'Quilted', 'Checked', 'Washed', 'Colourblocked'],
    attributes: {
      Closure: ['Zip', 'Button', 'Belted, double-breasted', 'Snap buttons'],
      Collar: ['Spread collar', 'Notched lapel', 'Stand collar', 'Hooded'],
      Length: ['Cropped', 'Regular', 'Knee Length'],
    },
    occasions: ['Casual', 'Travel', 'Work'],
    styling: [
      'Throw it over a dress or jeans-and-tee on cool evenings.',
      'Built for north Indian winters and a weekend in the hills.',
      'Layer it over a sweater for December trips abroad.',
    ],
    features: ['Two front pockets', 'Inner pocket', 'Lined for warmth', 'Water-repellent finish', 'Adjustable cuffs'],
    sizes: 'letter',
    care: ['Dry clean only', 'Machine wash cold, inside out'],
  },
  'blazers-waistcoats': {
    garments: [
      ['Single-Breasted Blazer', 'blazer'],
      ['Double-Breasted Blazer', 'blazer'],
      ['Longline Blazer', 'blazer'],
      ['Tailored Waistcoat', 'waistcoat'],
    ],
    brands: ['Zara', 'Mango', 'H&M', 'Vero Moda', 'ONLY', 'Forever New', 'AND', 'W for Woman', 'Harpa', 'Tokyo Talkies'],
    price: [999, 4999],
    fabrics: ['Polyester Viscose', 'Linen Blend', 'Crepe', 'Wool Blend', 'Cotton Twill'],
    patterns: ['Solid', 'Checked', 'Pinstriped', 'Houndstooth', 'Textured'],
    attributes: {
      Closure: ['Single button', 'Two buttons', 'Double-breasted', 'Open front'],
      Lapel: ['Notch lapel', 'Peak lapel', 'Shawl lapel', 'Collarless'],
      Fit: ['Tailored Fit', 'Relaxed Fit', 'Oversized Fit'],
    },
    occasions: ['Work', 'Party', 'Formal'],
    styling: [
      'Wear it over a tee and straight jeans, or with matching trousers for meetings.',
      'Sleeves pushed up over a slip dress makes a sharp evening look.',
      'The structured shoulders smarten even a simple kurta.',
    ],
    features: ['Structured shoulders', 'Flap pockets', 'Fully lined', 'Functional cuff buttons'],
    sizes: 'letter',
    care: ['Dry clean only'],
  },
};

/** Colours apparel comes in, as store listings name them. */
export const APPAREL_COLOURS: readonly (readonly [name: string, hex: string])[] = [
  ['Maroon', '#7b1e2b'],
  ['Mustard', '#d4a017'],
  ['Teal', '#1f7a7a'],
  ['Navy Blue', '#1f2f55'],
  ['Peach', '#f4a582'],
  ['Bottle Green', '#1e5631'],
  ['Rani Pink', '#d6336c'],
  ['Off-White', '#ede6d6'],
  ['Black', '#232323'],
  ['Lavender', '#b497d6'],
  ['Olive', '#6b7a3a'],
  ['Rust', '#b7472a'],
  ['Powder Blue', '#a7c7e7'],
  ['Beige', '#d8c3a5'],
  ['Red', '#c0392b'],
  ['Sea Green', '#3fa58a'],
  ['Magenta', '#b0306f'],
  ['Cream', '#f1e6c8'],
  ['Coral', '#f0776c'],
  ['Charcoal', '#3c3f44'],
  ['Royal Blue', '#2f58b8'],
  ['Wine', '#5e1f35'],
  ['Sage Green', '#9caf88'],
  ['Yellow', '#f2c94c'],
];

/** Denim washes replace colours for jeans. */
export const DENIM_COLOURS: readonly (readonly [name: string, hex: string])[] = [
  ['Light Blue', '#8fb1d6'],
  ['Mid Blue', '#4f78a8'],
  ['Dark Blue', '#2a3f63'],
  ['Black', '#2a2a2d'],
  ['Grey', '#7d8186'],
  ['Ice Blue', '#b9d0e6'],
];

export const WATCH_COLOURS: readonly (readonly [name: string, hex: string])[] = [
  ['Rose Gold', '#d9a38f'],
  ['Silver', '#c4c7cc'],
  ['Gold', '#cfae6b'],
  ['Black', '#232326'],
  ['Blush Pink', '#e8b4bc'],
  ['Brown', '#6b4430'],
  ['White', '#ecebe8'],
];
