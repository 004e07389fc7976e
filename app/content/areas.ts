import type { Reason, ServiceCard } from "./services";
import type { AreaSlug, ServiceSlug } from "~/lib/landing-pages";

export type AreaContent = {
  slug: AreaSlug;
  name: string;
  county: string;
  /** Midpoint for the GeoCircle of the structured data. */
  latitude: number;
  longitude: number;
  milesFromWellington: number;
  driveMinutes: number;
  description: string;
  keywords: string[];
  lead: string;
  intro: string[];
  /** What homes and weather here ask of a roof and a frame. */
  localNeeds: string;
  landmarksTitle: string;
  landmarks: string[];
  cards: ServiceCard[];
  reasons: Reason[];
};

export type HubContent = AreaContent & {
  neighborhoodsIntro: string;
  neighborhoods: string[];
  learnMore: ServiceSlug[];
};

export const WICHITA: HubContent = {
  slug: "wichita",
  name: "Wichita",
  county: "Sedgwick County",
  latitude: 37.6872,
  longitude: -97.3301,
  milesFromWellington: 33,
  driveMinutes: 30,
  description:
    "Framing, roofing, roof repair, gutters and the Bright Green roof treatment across Wichita, KS, from a family-owned contractor 30 minutes south in Wellington.",
  keywords: ["Wichita roofing contractor", "Wichita framing contractor", "roof repair Wichita KS", "gutters Wichita"],
  lead: "Wichita's neighborhoods, from College Hill bungalows to new builds on the west side, served by a family crew 30 minutes down I-35.",
  intro: [
    "Wichita is where most of our work happens. The city's housing runs from 1920s homes in College Hill and Riverside, with plank decking and several layers of old shingles, to 2000s subdivisions in West Wichita whose first roofs are reaching the end of their life.",
    "Each brings its own work: older homes often need decking and framing repairs before a new roof goes on; newer ones mostly need a good replacement after the hail that crosses Sedgwick County most springs.",
  ],
  localNeeds:
    "Wichita sits in one of the most hail-prone metro areas in the country, so we talk with most city homeowners about Class 4 impact-rated shingles, which can also lower insurance premiums. Tree-lined older streets mean gutter guards earn their keep.",
  landmarksTitle: "Neighborhoods we serve",
  landmarks: [],
  neighborhoodsIntro:
    "From the historic homes of Riverside and Delano to Eastborough's big lots and the newer streets of West Wichita, we work all over the city, most weeks of the year.",
  neighborhoods: [
    "Downtown Wichita",
    "Riverside",
    "College Hill",
    "Eastborough",
    "West Wichita",
    "Northeast Wichita",
    "Delano",
    "Crown Heights",
    "Brookside",
    "Indian Hills",
    "Sunflower",
    "Linwood",
  ],
  learnMore: [
    "residential-framing-wichita",
    "residential-roofing-wichita",
    "roof-repairs-wichita",
    "gutter-services-wichita",
    "bright-green-roof-treatment-wichita",
    "structural-repairs-wichita",
  ],
  cards: [],
  reasons: [
    {
      title: "30 minutes away",
      text: "Close enough to come look the same day, far enough from the storm-chasers to still be here next year.",
    },
    {
      title: "Old homes and new",
      text: "We frame new construction and repair 100-year-old framing, so nothing under your roof surprises us.",
    },
    { title: "Insurance-literate", text: "We document hail damage the way Wichita adjusters expect to see it." },
  ],
};

export const TOWNS: AreaContent[] = [
  {
    slug: "wellington",
    name: "Wellington",
    county: "Sumner County",
    latitude: 37.2653,
    longitude: -97.3717,
    milesFromWellington: 0,
    driveMinutes: 0,
    description:
      "Roofing, framing and gutters in Wellington, KS from the contractor that calls it home: storm repair, replacements, additions and the Bright Green treatment.",
    keywords: [
      "Wellington KS roofing",
      "roofer Wellington Kansas",
      "framing contractor Sumner County",
      "gutters Wellington KS",
    ],
    lead: "Our home town. Our shop is on Washington Avenue, and many of our first jobs are still standing on these streets.",
    intro: [
      "Wellington is where our family lives and where the business started. We have roofed houses on the brick streets near downtown and framed additions on farmsteads out toward Mayfield and Belle Plaine.",
      "Because we are local, a Wellington call usually means the same-day visit and the shortest wait on the schedule.",
    ],
    localNeeds:
      "Many Wellington homes were built before 1950 with board sheathing and tall, steep roofs; we check the decking closely on every tear-off. Out in the county, metal-roofed outbuildings and wind-exposed gables need extra fastening for the open-prairie wind.",
    landmarksTitle: "Around town",
    landmarks: [
      "Downtown and Washington Avenue",
      "Near Wellington Lake",
      "The Sumner County Courthouse area",
      "Rural Sumner County acreages",
    ],
    cards: [
      {
        title: "Roofing and Repairs",
        text: "Replacements and quick repairs for homes and farm buildings.",
        bullets: ["Same-day leak checks in town", "Shingle and metal roofs", "Hail and wind damage claims"],
      },
      {
        title: "Framing and Additions",
        text: "Additions, garages and shops for town lots and acreages.",
        bullets: ["Room additions", "Detached garages and pole barns", "Porch and deck framing"],
      },
      {
        title: "Gutters",
        text: "Seamless gutters sized for steep old roofs.",
        bullets: ["6-inch gutters for big roofs", "Downspouts away from old foundations", "Gutter guards"],
      },
    ],
    reasons: [
      { title: "We live here", text: "You will see us at the grocery store; our reputation is on every roof in town." },
      { title: "Fastest scheduling", text: "No drive time means Wellington jobs fit in sooner." },
      { title: "Old-house experience", text: "We know what is under the shingles of a 1920s Wellington home." },
    ],
  },
  {
    slug: "derby",
    name: "Derby",
    county: "Sedgwick County",
    latitude: 37.5456,
    longitude: -97.2689,
    milesFromWellington: 25,
    driveMinutes: 25,
    description:
      "Derby, KS roofing, framing and gutter services: hail damage replacement, additions and seamless gutters for Derby's newer neighborhoods, from a nearby Wellington crew.",
    keywords: ["Derby KS roofing", "roof replacement Derby Kansas", "room addition Derby KS", "gutters Derby"],
    lead: "Derby grew fast, and many of its 1990s and 2000s roofs are due. We are 25 minutes south on K-15.",
    intro: [
      "Derby's neighborhoods east of Rock Road and around the schools were mostly built in the last thirty years, which means a lot of original builder-grade roofs reaching the end of their life at the same time, often hurried along by a spring hail storm.",
      "Families here also add on rather than move: we frame a steady run of bonus rooms, sunrooms and garage expansions in Derby.",
    ],
    localNeeds:
      "Builder-grade three-tab shingles from the housing boom are the most common roof we replace in Derby, usually with architectural or impact-rated shingles. Big, low-slope hip roofs on ranch plans need proper attic ventilation to keep shingles from cooking in July.",
    landmarksTitle: "Where we work in Derby",
    landmarks: [
      "Neighborhoods along Rock Road",
      "Near High Park and Madison Avenue",
      "Homes around Derby Lake",
      "New subdivisions on the east side",
    ],
    cards: [
      {
        title: "Roof Replacement",
        text: "Builder-grade roofs replaced with something made to last.",
        bullets: ["Architectural and Class 4 shingles", "Attic ventilation upgrades", "Insurance claim help"],
      },
      {
        title: "Additions and Bonus Rooms",
        text: "More room without moving out of your school district.",
        bullets: ["Sunrooms and family rooms", "Garage expansions", "Finished bonus rooms"],
      },
      {
        title: "Gutters",
        text: "Seamless gutters for wide ranch rooflines.",
        bullets: ["Long seamless runs", "Downspouts to the street or drains", "Guard installation"],
      },
    ],
    reasons: [
      { title: "Close by", text: "25 minutes away, so Derby inspections fit in the same day." },
      { title: "We know Derby roofs", text: "We have replaced dozens of the same builder roofs you have." },
      { title: "Additions done right", text: "New rooms tied into old rooflines without leaks at the seam." },
    ],
  },
  {
    slug: "andover",
    name: "Andover",
    county: "Butler County",
    latitude: 37.7139,
    longitude: -97.1364,
    milesFromWellington: 40,
    driveMinutes: 40,
    description:
      "Andover, KS roofing and framing: storm-ready roofs, replacements, custom home framing and gutters for Andover's larger homes, from a family contractor in Wellington.",
    keywords: [
      "Andover KS roofer",
      "roof replacement Andover Kansas",
      "custom home framing Andover",
      "storm damage Andover",
    ],
    lead: "Andover remembers 1991 and 2022. We build roofs and frames here with the wind in mind.",
    intro: [
      "Andover has rebuilt after tornadoes more than once, and homeowners here ask harder questions about how a roof and frame are tied down. We answer them: ring-shank nails, proper hurricane ties, and sheathing nailed to schedule.",
      "Many Andover homes are larger, with complex rooflines, multiple valleys and dormers, where careful flashing matters more than speed.",
    ],
    localNeeds:
      "Complex, steep roofs with many valleys are common in Andover's newer developments; we spend our time on the valleys, walls and dormer flashing where these roofs leak. We also frame custom homes on the larger lots east of town.",
    landmarksTitle: "Where we work in Andover",
    landmarks: [
      "Neighborhoods near Andover Central Park",
      "Along 13th Street and Andover Road",
      "East-side acreages",
      "Homes near Terradyne",
    ],
    cards: [
      {
        title: "Storm-Ready Roofing",
        text: "Roofs fastened and flashed for high winds and hail.",
        bullets: ["High-wind nailing patterns", "Impact-rated shingle options", "Complex valley and dormer flashing"],
      },
      {
        title: "Custom Home Framing",
        text: "Framing for custom builds on Andover's larger lots.",
        bullets: ["Engineered beams and trusses", "Tall walls and vaulted rooms", "Wind-load connectors"],
      },
      {
        title: "Gutters and Guards",
        text: "Gutters sized for big, steep roofs.",
        bullets: ["Oversized 6-inch gutters", "Valley splash guards", "Leaf guards"],
      },
    ],
    reasons: [
      { title: "Built for wind", text: "We fasten roofs and frames beyond the minimum when the site calls for it." },
      {
        title: "Complex roofs welcome",
        text: "Valleys, dormers and steep pitches are where we slow down and get it right.",
      },
      { title: "Documented work", text: "Photos of every layer, for your records and your insurer." },
    ],
  },
  {
    slug: "mulvane",
    name: "Mulvane",
    county: "Sumner and Sedgwick Counties",
    latitude: 37.4745,
    longitude: -97.2439,
    milesFromWellington: 17,
    driveMinutes: 20,
    description:
      "Mulvane, KS roofing, repairs, framing and gutters from a Sumner County neighbor 20 minutes away: hail repair, re-roofs, garages and shops.",
    keywords: ["Mulvane KS roofing", "roof repair Mulvane", "garage framing Mulvane Kansas", "gutters Mulvane"],
    lead: "Mulvane sits on the county line we share. It is a 20-minute drive, so we are often there the day you call.",
    intro: [
      "Mulvane mixes small-town homes near Main Street with newer houses on the edges of town and plenty of acreages with shops and garages. We work on all three.",
      "A lot of our Mulvane work is outbuildings: detached garages, workshops and pole barns framed and roofed to match the house.",
    ],
    localNeeds:
      "Shops and detached garages on Mulvane acreages get the full prairie wind, so we frame and roof them like houses, with proper anchors and ties. In town, older homes often need fascia and soffit repairs along with new gutters.",
    landmarksTitle: "Around Mulvane",
    landmarks: [
      "Homes near Main Street",
      "Neighborhoods by Mulvane High School",
      "Acreages toward the Arkansas River",
      "Near Kansas Star Casino",
    ],
    cards: [
      {
        title: "Roof Repair and Replacement",
        text: "Hail repairs and re-roofs for homes and outbuildings.",
        bullets: ["Shingle and metal roofs", "Same-day leak checks", "Insurance documentation"],
      },
      {
        title: "Garages and Shops",
        text: "Outbuildings framed and roofed for the open country.",
        bullets: ["Detached garages", "Workshops with tall doors", "Pole barns"],
      },
      {
        title: "Gutters and Fascia",
        text: "Gutters put back on solid wood.",
        bullets: ["Fascia and soffit repair", "Seamless gutters", "Downspout drains"],
      },
    ],
    reasons: [
      { title: "Neighbors", text: "Sumner County folks, 20 minutes away." },
      { title: "Outbuilding specialists", text: "We frame and roof more shops and garages than most roofers." },
      { title: "One call", text: "Framing, roofing and gutters from the same crew." },
    ],
  },
  {
    slug: "haysville",
    name: "Haysville",
    county: "Sedgwick County",
    latitude: 37.5645,
    longitude: -97.3523,
    milesFromWellington: 24,
    driveMinutes: 25,
    description:
      "Haysville, KS roofing and framing: storm damage repair, roof replacement, structural repairs and gutters from a family contractor 25 minutes south in Wellington.",
    keywords: [
      "Haysville KS roofer",
      "storm damage repair Haysville",
      "roof replacement Haysville",
      "structural repair Haysville KS",
    ],
    lead: "Haysville knows storms: the 1999 tornado reshaped the town. We repair and rebuild here with that in mind.",
    intro: [
      "Haysville is a close-knit town just south of Wichita, with many modest ranch homes from the 1960s and 70s alongside the houses rebuilt after 1999. Both get their share of the hail that tracks along I-35.",
      "Older ranch homes here often need more than shingles: sagging eaves, tired fascia and rafters that have been patched before. We fix the framing first, then roof it.",
    ],
    localNeeds:
      "Low-slope ranch roofs from the 1960s and 70s are the most common roof in Haysville, many on their second or third layer. We tear off to the deck, repair rafters and fascia, and bring ventilation up to date.",
    landmarksTitle: "Where we work in Haysville",
    landmarks: [
      "Neighborhoods near Grand Avenue",
      "Around Riggs Park",
      "Along Meridian",
      "Homes near Campus High School",
    ],
    cards: [
      {
        title: "Storm Damage Repair",
        text: "Hail and wind damage documented and repaired.",
        bullets: ["Emergency tarping", "Adjuster meetings", "Full or partial replacement"],
      },
      {
        title: "Ranch Roof Replacement",
        text: "Older low-slope roofs stripped to the deck and rebuilt.",
        bullets: ["Multi-layer tear-offs", "Rafter and decking repair", "Attic ventilation"],
      },
      {
        title: "Structural Repairs",
        text: "Sagging eaves, rafters and porches put right.",
        bullets: ["Rafter sistering", "Porch and carport framing", "Fascia replacement"],
      },
    ],
    reasons: [
      { title: "Framers and roofers", text: "We fix the structure under the shingles, not just the shingles." },
      { title: "25 minutes away", text: "Close enough for fast storm response." },
      { title: "Fair prices", text: "Written estimates with no padding for insurance jobs." },
    ],
  },
  {
    slug: "park-city",
    name: "Park City",
    county: "Sedgwick County",
    latitude: 37.8,
    longitude: -97.3184,
    milesFromWellington: 42,
    driveMinutes: 40,
    description:
      "Park City, KS roofing, gutters and framing: replacements, repairs, gutter guards and garage framing on Wichita's north edge, from a Wellington family contractor.",
    keywords: [
      "Park City KS roofing",
      "roofer Park City Kansas",
      "gutter guards Park City",
      "garage framing Park City",
    ],
    lead: "On Wichita's north edge along I-135, Park City gets the same storms as the city, with more open ground around it.",
    intro: [
      "Park City's homes are mostly 1960s through 1990s ranches and split-levels, with a growing number of newer houses to the north and east. Many still carry their second roof, and it is often due.",
      "It is a longer drive for us, so we plan Park City visits in batches and give you a firm day for your estimate.",
    ],
    localNeeds:
      "Open fields to the north give Park City roofs more wind exposure than homes in central Wichita: we see lifted tabs and blown-off ridge caps after spring storms. Gutters take a beating from the same wind and benefit from hidden hangers every two feet.",
    landmarksTitle: "Around Park City",
    landmarks: [
      "Neighborhoods off 61st Street North",
      "Near Chisholm Trail Park",
      "Along Hydraulic",
      "New homes north toward Valley Center",
    ],
    cards: [
      {
        title: "Roofing",
        text: "Replacements and repairs for wind-exposed roofs.",
        bullets: ["Ridge cap and tab repairs", "Full replacements", "Wind-rated shingles"],
      },
      {
        title: "Gutters",
        text: "Gutters that stay on in a north wind.",
        bullets: ["Hidden hangers every two feet", "Seamless runs", "Gutter guards"],
      },
      {
        title: "Garages and Decks",
        text: "Framing for garages, decks and covered patios.",
        bullets: ["Attached and detached garages", "Covered patios", "Deck framing"],
      },
    ],
    reasons: [
      { title: "Firm appointments", text: "We schedule north-side visits ahead and keep them." },
      { title: "Wind-aware", text: "Extra fastening where open ground meets your roof." },
      { title: "Complete exterior", text: "Roof, gutters and framing from one crew." },
    ],
  },
  {
    slug: "newton",
    name: "Newton",
    county: "Harvey County",
    latitude: 38.0467,
    longitude: -97.345,
    milesFromWellington: 55,
    driveMinutes: 55,
    description:
      "Newton, KS roofing and the Bright Green roof treatment: restoring aging shingles, replacements and repairs for Newton's historic and newer homes.",
    keywords: [
      "Newton KS roofing",
      "roof treatment Newton Kansas",
      "historic home roofing Newton",
      "Bright Green Newton",
    ],
    lead: "Newton's older neighborhoods are full of roofs worth saving. We bring the Bright Green treatment and careful repairs north to Harvey County.",
    intro: [
      "Newton has some of the best-kept older homes in the area, from the Victorian houses near downtown to the solid mid-century neighborhoods around Bethel College. Owners here tend to repair and maintain rather than replace.",
      "That makes Newton a natural fit for the Bright Green treatment: a roof with dry but sound shingles can gain up to 10 years from one application instead of going to the landfill.",
    ],
    localNeeds:
      "Steep Victorian roofs with turrets and dormers call for careful hand work and flashing; we also repair the board-sheathed decks common in homes from before 1940. For newer homes, the treatment is often the first thing we recommend.",
    landmarksTitle: "Around Newton",
    landmarks: [
      "Historic homes near Main Street",
      "Neighborhoods by Bethel College in North Newton",
      "Near Athletic Park",
      "Homes toward Sand Creek",
    ],
    cards: [
      {
        title: "Bright Green Treatment",
        text: "Restore dry, aging shingles instead of replacing them.",
        bullets: ["Free shingle flexibility test", "One-day application", "Reapplicable up to three times"],
      },
      {
        title: "Historic Roof Repair",
        text: "Careful repairs on steep and complex older roofs.",
        bullets: ["Dormer and turret flashing", "Board decking repair", "Matching existing materials"],
      },
      {
        title: "Roof Replacement",
        text: "When a roof is past saving, a replacement done properly.",
        bullets: ["Full tear-off", "Ventilation upgrades", "Architectural shingles"],
      },
    ],
    reasons: [
      { title: "Worth the drive", text: "We batch Newton visits so you get a firm day for your estimate." },
      { title: "Save before you replace", text: "The treatment and good repairs keep sound roofs working." },
      { title: "Careful with old homes", text: "We respect the details that make Newton's houses what they are." },
    ],
  },
  {
    slug: "el-dorado",
    name: "El Dorado",
    county: "Butler County",
    latitude: 37.8172,
    longitude: -96.8622,
    milesFromWellington: 50,
    driveMinutes: 50,
    description:
      "El Dorado, KS roofing, framing and gutters: roof replacement, rural outbuildings, storm repair and seamless gutters for Butler County homes and acreages.",
    keywords: [
      "El Dorado KS roofer",
      "roofing El Dorado Kansas",
      "pole barn framing Butler County",
      "gutters El Dorado",
    ],
    lead: "Oil-town homes, lake cabins and Flint Hills acreages: El Dorado's roofs are as varied as its history.",
    intro: [
      "El Dorado's older neighborhoods date from the oil boom of the 1910s and 20s, and many of those homes are on their fourth or fifth roof. Out toward El Dorado Lake and into the Flint Hills, we frame and roof cabins, shops and barns.",
      "The town sits on the eastern edge of our area, so we plan El Dorado work a few days ahead and stay until it is done.",
    ],
    localNeeds:
      "The Flint Hills wind across open pasture is hard on roofs and outbuildings alike; we use high-wind fastening on exposed sites. Oil-boom era homes often have old plank decking that needs attention before new shingles go down.",
    landmarksTitle: "Around El Dorado",
    landmarks: [
      "Oil-boom era homes near downtown",
      "Cabins and homes near El Dorado Lake",
      "Flint Hills acreages",
      "Neighborhoods near Butler Community College",
    ],
    cards: [
      {
        title: "Roof Replacement",
        text: "New roofs for older homes and lake houses.",
        bullets: ["Plank decking repair", "High-wind fastening", "Architectural shingles"],
      },
      {
        title: "Rural Framing",
        text: "Barns, shops and cabins on Butler County acreages.",
        bullets: ["Post-frame buildings", "Cabin framing", "Covered equipment storage"],
      },
      {
        title: "Gutters",
        text: "Gutters that handle a Flint Hills downpour.",
        bullets: ["Seamless gutters", "Oversized downspouts", "Gutter guards for wooded lots"],
      },
    ],
    reasons: [
      { title: "Planned visits", text: "We schedule El Dorado days ahead so we arrive when we say." },
      { title: "Town and country", text: "From oil-boom houses to pole barns." },
      { title: "Wind-rated work", text: "Fastened for open Flint Hills exposure." },
    ],
  },
  {
    slug: "augusta",
    name: "Augusta",
    county: "Butler County",
    latitude: 37.6867,
    longitude: -96.9767,
    milesFromWellington: 40,
    driveMinutes: 40,
    description:
      "Augusta, KS roofing, repairs and framing: hail repair, replacements, additions and gutters from a family contractor in Wellington, 40 minutes away.",
    keywords: ["Augusta KS roofing", "hail repair Augusta Kansas", "room addition Augusta KS", "gutters Augusta"],
    lead: "Augusta has grown alongside Wichita's east side, with historic homes downtown and families building new at the edges of town.",
    intro: [
      "Augusta keeps its small-town feel around State Street and the historic theater, while new neighborhoods have spread toward Andover and Wichita. We roof both the brick-street bungalows and the new builds.",
      "Growing families here often ask us about additions: a bedroom over the garage or a bigger kitchen framed into the back of a 1950s house.",
    ],
    localNeeds:
      "Augusta's 1940s and 50s bungalows often have shallow eaves and undersized rafters by today's standards; we check and strengthen them when re-roofing or adding on. Newer homes mostly need a solid replacement after hail.",
    landmarksTitle: "Around Augusta",
    landmarks: [
      "Bungalows near State Street",
      "Homes around Garvin Park",
      "Near Augusta City Lake",
      "New neighborhoods toward Andover",
    ],
    cards: [
      {
        title: "Hail Repair and Replacement",
        text: "Storm damage documented and roofs replaced.",
        bullets: ["Free hail inspections", "Class 4 shingle options", "Adjuster meetings"],
      },
      {
        title: "Additions",
        text: "More space framed into the house you already love.",
        bullets: ["Rooms over garages", "Kitchen bump-outs", "Rafter upgrades on older homes"],
      },
      {
        title: "Gutters",
        text: "Gutters and downspouts that protect old foundations.",
        bullets: ["Seamless gutters", "Downspouts away from basements", "Cleaning and guards"],
      },
    ],
    reasons: [
      { title: "Additions that blend in", text: "Rooflines and siding matched so the addition looks original." },
      { title: "Honest hail reports", text: "We show you the bruises, or tell you there aren't any." },
      { title: "Family-owned", text: "Owners on site, not salesmen." },
    ],
  },
  {
    slug: "winfield",
    name: "Winfield",
    county: "Cowley County",
    latitude: 37.2398,
    longitude: -96.9956,
    milesFromWellington: 25,
    driveMinutes: 30,
    description:
      "Winfield, KS roofing, framing and gutters: roof replacement, storm repair, structural repairs and gutters for Cowley County homes, 30 minutes east of Wellington.",
    keywords: ["Winfield KS roofing", "roofer Winfield Kansas", "Cowley County roofing", "structural repair Winfield"],
    lead: "Thirty minutes east on US-160, Winfield's tree-lined streets and river-bottom neighborhoods bring their own roofing challenges.",
    intro: [
      "Winfield is a college town with big old trees, historic homes near Southwestern College and the Walnut River running along its edge. Those trees shade and shelter roofs, and also drop limbs and fill gutters.",
      "We have repaired storm and tree damage here, framed porches and additions, and replaced plenty of roofs on the brick streets near downtown.",
    ],
    localNeeds:
      "Mature trees mean moss, clogged gutters and limb damage, so Winfield roofs benefit from good gutter guards and regular checks. Homes near the river can have moisture-damaged sills and framing that we repair alongside the roof.",
    landmarksTitle: "Around Winfield",
    landmarks: [
      "Historic homes near Southwestern College",
      "Neighborhoods around Island Park",
      "Along Main Street",
      "Homes near the Walnut River",
    ],
    cards: [
      {
        title: "Roofing",
        text: "Replacements and storm repairs under big trees.",
        bullets: ["Tree and limb damage repair", "Moss-resistant shingles", "Full replacements"],
      },
      {
        title: "Structural Repairs",
        text: "Framing repairs where moisture and age have done their work.",
        bullets: ["Sill and rim joist repair", "Porch rebuilds", "Rafter repair after tree falls"],
      },
      {
        title: "Gutters and Guards",
        text: "Keep leaves out and water flowing under Winfield's canopy.",
        bullets: ["Gutter guards", "Seasonal cleaning", "Seamless replacement gutters"],
      },
    ],
    reasons: [
      { title: "Tree damage experience", text: "We repair the roof and the framing under it after a limb comes down." },
      { title: "Half an hour away", text: "A short drive, so storm calls get a quick answer." },
      { title: "Respect for old homes", text: "Historic details kept, not covered over." },
    ],
  },
];

export const AREA_CONTENT: Record<AreaSlug, AreaContent | HubContent> = Object.fromEntries(
  [WICHITA, ...TOWNS].map((a) => [a.slug, a]),
) as Record<AreaSlug, AreaContent | HubContent>;

export function isHub(area: AreaContent | HubContent): area is HubContent {
  return "neighborhoods" in area;
}
