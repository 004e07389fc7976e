import { href } from "react-router";
import type { ServiceSlug } from "~/lib/landing-pages";

export type ServiceCard = { title: string; text: string; bullets: string[] };
/**
 * A reason to choose us. One that promises a workmanship warranty writes the owner's number
 * as `{warrantyYears}` (lib/trust-facts.ts fills it from Words & Facts) and says in
 * `withoutWarranty` what to show instead when he has set none: the page never promises
 * what the proposal's terms do not give.
 */
export type Reason = { title: string; text: string; withoutWarranty?: string };

export type ServiceContent = {
  slug: ServiceSlug;
  /** schema.org serviceType */
  serviceType: string;
  description: string;
  keywords: string[];
  lead: string;
  intro: string[];
  cardsTitle: string;
  cards: ServiceCard[];
  reasons: Reason[];
  ctaTitle: string;
  ctaText: string;
  /** A closing link beside the quote and call buttons, when the text promises something the form does. */
  ctaLink?: { label: string; href: string };
};

export const SERVICE_CONTENT: Record<ServiceSlug, ServiceContent> = {
  "residential-framing-wichita": {
    slug: "residential-framing-wichita",
    serviceType: "Residential Framing",
    description:
      "Residential framing in Wichita and south-central Kansas: custom homes, room additions, interior walls, garages and sheds, framed square and to code by a Wellington family crew.",
    keywords: [
      "residential framing Wichita",
      "house framing contractor",
      "room addition framing",
      "garage framing Kansas",
    ],
    lead: "Square, plumb and to code: the frame is the part of your house you never see again, so we get it right.",
    intro: [
      "Framing sets the shape of everything that follows. Walls that are out of plumb make for cracked drywall, sticking doors and a roof that never sits right. Our crew has framed homes, additions and outbuildings across Sedgwick and Sumner counties for years, and we build every wall as if we were going to live behind it.",
      "We work from your plans or your builder's, order the lumber ourselves, and keep the site clean and the inspector happy.",
    ],
    cardsTitle: "Framing we do",
    cards: [
      {
        title: "Custom Homes",
        text: "Complete framing packages for new houses, from sill plate to ridge.",
        bullets: ["Floor systems and engineered joists", "2x4 and 2x6 exterior walls", "Stick-framed or truss roofs"],
      },
      {
        title: "Additions and Remodels",
        text: "New rooms tied cleanly into your existing house and roofline.",
        bullets: [
          "Room and second-story additions",
          "Load-bearing wall removal with new headers",
          "Interior wall framing",
        ],
      },
      {
        title: "Garages and Sheds",
        text: "Detached garages, shops and sheds built for Kansas wind.",
        bullets: ["Tall walls for lifts and campers", "Lofts and storage bays", "Hurricane ties and proper anchoring"],
      },
    ],
    reasons: [
      { title: "Inspections passed", text: "We frame to the current code and walk the inspection with you." },
      { title: "One crew, start to finish", text: "The people who measure your job are the people who build it." },
      { title: "Clean sites", text: "Cut-offs and nails picked up every day, not at the end of the job." },
    ],
    ctaTitle: "Planning a build or an addition?",
    ctaText: "Send us your plans and we will return a written framing estimate within a few days.",
  },
  "residential-roofing-wichita": {
    slug: "residential-roofing-wichita",
    serviceType: "Residential Roofing",
    description:
      "Residential roofing in Wichita, KS: shingle installation, complete roof replacement, inspections and storm damage repair by a family-owned Wellington contractor.",
    keywords: [
      "roofing Wichita",
      "roof replacement Wichita KS",
      "shingle roof installation",
      "storm damage roof repair",
    ],
    lead: "New shingle roofs and complete replacements that stand up to Kansas hail, wind and summer heat.",
    intro: [
      "A roof in south-central Kansas works hard: spring hail, straight-line winds, 100-degree afternoons and ice in January. We install architectural and impact-rated shingles with the underlayment, flashing and ventilation that let them last as long as the label says.",
      "Every replacement starts with a real inspection of the decking once the old roof is off. You see photos of what we find before we cover it up.",
    ],
    cardsTitle: "Roofing services",
    cards: [
      {
        title: "Shingle Installation",
        text: "Architectural and impact-resistant (Class 4) shingles from major manufacturers.",
        bullets: [
          "Synthetic underlayment",
          "Ice and water shield at eaves and valleys",
          "Ridge venting sized to your attic",
        ],
      },
      {
        title: "Complete Replacement",
        text: "Full tear-off down to the deck, repairs, and a new roof system.",
        bullets: ["Rotted decking replaced", "New drip edge and flashing", "Magnetic sweep for nails"],
      },
      {
        title: "Inspections and Storm Damage",
        text: "Honest inspections after hail and wind, with photos you can send your insurer.",
        bullets: ["Hail and wind damage reports", "Meeting your adjuster on site", "Free roof inspections"],
      },
    ],
    reasons: [
      {
        title: "Built for hail country",
        text: "We recommend impact-rated shingles when they make sense, and say so when they don't.",
      },
      {
        title: "Manufacturer warranties",
        text: "Installed to the manufacturer's specification, so the warranty holds.",
      },
      {
        title: "Straight answers on insurance",
        text: "We document damage honestly; no inflated claims, no surprises.",
      },
    ],
    ctaTitle: "Is it time for a new roof?",
    ctaText: "Book a free inspection and get a written estimate, usually within the week.",
  },
  "roof-repairs-wichita": {
    slug: "roof-repairs-wichita",
    serviceType: "Roof Repair",
    description:
      "Roof repairs in Wichita and nearby towns: leaks, missing shingles, flashing, vent boots and storm damage, fixed fast by a local family contractor.",
    keywords: ["roof repair Wichita", "roof leak repair", "missing shingles repair", "flashing repair Kansas"],
    lead: "Leaks found and fixed, often the same week: not every roof problem needs a new roof.",
    intro: [
      "Most leaks come from a handful of places: cracked vent boots, lifted flashing at a chimney or wall, nails backing out, or shingles torn loose by wind. We trace the water to where it actually enters, which is rarely right above the stain on your ceiling.",
      "If a repair will buy you years, we repair it. If the roof is at the end of its life, we tell you plainly and show you why.",
    ],
    cardsTitle: "Repairs we handle",
    cards: [
      {
        title: "Leak Tracing and Repair",
        text: "We follow the water back to its source and fix the cause, not the symptom.",
        bullets: ["Attic and deck inspection", "Vent boot and pipe jack replacement", "Skylight and chimney leaks"],
      },
      {
        title: "Wind and Hail Damage",
        text: "Missing, creased or bruised shingles replaced and matched as closely as possible.",
        bullets: ["Emergency tarping", "Shingle matching", "Photo documentation"],
      },
      {
        title: "Flashing and Details",
        text: "The small metal pieces where most roofs fail first.",
        bullets: ["Step and counter flashing", "Drip edge repair", "Valley repairs"],
      },
    ],
    reasons: [
      { title: "Fast response", text: "Active leaks get a call back the same day and a tarp if needed." },
      { title: "Repair before replace", text: "We fix what can be fixed and never push a roof you don't need." },
      {
        title: "Work we stand behind",
        text: "Repairs come with a {warrantyYears}-year written workmanship warranty.",
        withoutWarranty:
          "Every repair priced and described in writing before we start, so you know what you are paying for.",
      },
    ],
    ctaTitle: "Got a leak or storm damage?",
    ctaText: "Call now or send a message with a photo; we will tell you what it likely is and what it costs to fix.",
    // The contact form takes up to five photos: this keeps the promise in one tap.
    ctaLink: { label: "Send us a photo", href: `${href("/contact")}#send-message` },
  },
  "gutter-services-wichita": {
    slug: "gutter-services-wichita",
    serviceType: "Gutter Installation and Repair",
    description:
      "Gutter services in Wichita, KS: seamless gutter installation, repair, cleaning, downspouts and gutter guards to keep water away from your foundation.",
    keywords: ["gutters Wichita", "seamless gutter installation", "gutter repair Kansas", "gutter guards Wichita"],
    lead: "Seamless gutters and downspouts that move a Kansas downpour away from your foundation.",
    intro: [
      "A one-inch rain on a 2,000 square foot roof sheds over 1,200 gallons of water. Gutters that sag, leak at the seams or dump it next to the foundation lead to wet basements, rotted fascia and washed-out flower beds.",
      "We form seamless aluminum gutters on site to the exact length of your eaves, pitch them properly and place downspouts where the water can actually go.",
    ],
    cardsTitle: "Gutter services",
    cards: [
      {
        title: "Gutter Installation",
        text: "Seamless 5- and 6-inch aluminum gutters formed on site.",
        bullets: [
          "Dozens of colors to match trim",
          "Hidden hangers every two feet",
          "Oversized downspouts where needed",
        ],
      },
      {
        title: "Gutter Repair",
        text: "Sagging runs, leaking corners and loose downspouts put right.",
        bullets: ["Re-pitching and re-hanging", "Resealing corners and end caps", "Fascia board repair"],
      },
      {
        title: "Guards and Maintenance",
        text: "Keep leaves and seed pods out and water moving.",
        bullets: ["Gutter cleaning", "Gutter guard installation", "Downspout extensions and drains"],
      },
    ],
    reasons: [
      { title: "Seamless, made on site", text: "Fewer joints means fewer leaks." },
      { title: "Pitched to drain", text: "Every run is checked with water before we leave." },
      { title: "Roof and gutters together", text: "We see how your roof and gutters work as one system." },
    ],
    ctaTitle: "Water where it shouldn't be?",
    ctaText: "Ask for a free gutter estimate; we measure, photograph and quote in one visit.",
  },
  "bright-green-roof-treatment-wichita": {
    slug: "bright-green-roof-treatment-wichita",
    serviceType: "Roof Rejuvenation Treatment",
    description:
      "Bright Green roof treatment in Wichita: a bio-based shingle treatment that restores aging asphalt shingles and extends roof life, applied by the exclusive local provider.",
    keywords: [
      "Bright Green roof treatment",
      "shingle rejuvenation Wichita",
      "roof restoration Kansas",
      "extend roof life",
    ],
    lead: "Add years to the roof you already have. We are the exclusive local provider of the Bright Green treatment.",
    intro: [
      "As asphalt shingles age in the Kansas sun they lose the oils that keep them flexible. They dry out, shed granules and crack, long before they are worn through. The Bright Green treatment is a bio-based coating that soaks into the shingles and restores that flexibility.",
      "One application extends shingle life up to 10 years, and the treatment can be applied up to three times. Over the life of a roof, our product literature puts the gain at 15 to 20 years. It costs a fraction of a replacement and keeps old shingles out of the landfill.",
    ],
    cardsTitle: "How the treatment works",
    cards: [
      {
        title: "Inspection",
        text: "Not every roof is a candidate. We check first and tell you honestly.",
        bullets: ["Shingle flexibility test", "Granule loss assessment", "Repairs identified before treatment"],
      },
      {
        title: "Application",
        text: "A low-pressure spray over the whole roof, usually done in a day.",
        bullets: ["Safe for plants and pets once dry", "No tear-off, no dumpster", "Minimal disruption at home"],
      },
      {
        title: "Results",
        text: "Shingles regain flexibility and a uniform, richer color.",
        bullets: [
          "Up to 10 more years per application",
          "Reapplicable up to three times",
          "Transferable documentation for buyers",
        ],
      },
    ],
    reasons: [
      {
        title: "Exclusive local provider",
        text: "Trained and certified to apply the Bright Green treatment in this area.",
      },
      { title: "Roofers first", text: "We also replace roofs, so we tell you when treatment is the wrong choice." },
      { title: "Less waste", text: "Keeping good shingles on the roof keeps tons of them out of the landfill." },
    ],
    ctaTitle: "Is your roof a candidate?",
    ctaText: "Book a free treatment assessment; we will test your shingles and give you a straight answer.",
  },
  "structural-repairs-wichita": {
    slug: "structural-repairs-wichita",
    serviceType: "Structural Repair",
    description:
      "Structural repairs in Wichita, KS: foundation-related framing repair, beam and support repair, and damage assessment by an experienced framing contractor.",
    keywords: [
      "structural repair Wichita",
      "beam repair",
      "sagging floor repair",
      "structural damage assessment Kansas",
    ],
    lead: "Sagging floors, cracked beams and storm-damaged framing, repaired properly and safely.",
    intro: [
      "Structural problems rarely fix themselves. A sagging ridge, a floor that bounces, or a wall that has started to lean all point to framing that is carrying more than it should. We find out why, and repair it so it stays repaired.",
      "Where the work calls for an engineer, we bring one in and build to the stamped plan.",
    ],
    cardsTitle: "Structural services",
    cards: [
      {
        title: "Foundation Repair",
        text: "Sill plates, rim joists and framing at the foundation where rot and settling start.",
        bullets: ["Sill plate replacement", "Rim joist repair", "Shimming and leveling framed floors"],
      },
      {
        title: "Beam and Support Repair",
        text: "Beams, posts and joists that have cracked, sagged or been cut.",
        bullets: ["Sistered and replaced joists", "New beams and posts", "Temporary shoring while we work"],
      },
      {
        title: "Damage Assessment",
        text: "A clear, written account of what is wrong and what it takes to fix it.",
        bullets: ["Storm and tree-fall damage", "Termite and rot damage", "Reports for insurers and buyers"],
      },
    ],
    reasons: [
      { title: "Framers by trade", text: "Structure is what we build every day." },
      { title: "Safe from day one", text: "Shoring goes in before anything comes out." },
      { title: "Engineer when needed", text: "We work with licensed engineers on anything beyond routine repair." },
    ],
    ctaTitle: "Worried about something structural?",
    ctaText: "Tell us what you are seeing. We will come look and give you a straight assessment.",
  },
  "new-construction-framing-wichita": {
    slug: "new-construction-framing-wichita",
    serviceType: "New Construction Framing",
    description:
      "New construction framing in Wichita and south-central Kansas for builders and owners: residential, light commercial and specialty framing on schedule.",
    keywords: ["new construction framing Wichita", "framing subcontractor Kansas", "commercial framing", "post frame"],
    lead: "A framing crew builders can schedule around: on time, to plan, and ready for the next trade.",
    intro: [
      "Builders tell us the same thing: the frame sets the pace for the whole job. When framing runs late or comes in out of square, every trade after it pays for it. We show up when we say, frame to the plan, and leave the house ready for mechanicals.",
      "We work as a subcontractor for builders and directly for owners building their own home.",
    ],
    cardsTitle: "New construction",
    cards: [
      {
        title: "Residential",
        text: "Single-family homes and duplexes, from slab or basement up.",
        bullets: ["Walls, floors and roof systems", "Sheathing and house wrap", "Window and door rough openings"],
      },
      {
        title: "Commercial",
        text: "Light commercial wood framing for offices, shops and churches.",
        bullets: ["Wood and light-gauge framing", "Large-span trusses", "Coordination with GCs"],
      },
      {
        title: "Specialty",
        text: "The unusual jobs other crews pass on.",
        bullets: ["Vaulted and cathedral ceilings", "Post-frame barns and shops", "Decks and covered porches"],
      },
    ],
    reasons: [
      { title: "On schedule", text: "We give you a start date and keep it." },
      { title: "Framed to plan", text: "Layouts checked twice, so cabinets and counters fit." },
      { title: "Easy to work with", text: "One point of contact and daily updates with photos." },
    ],
    ctaTitle: "Have a build on the schedule?",
    ctaText: "Send plans and your timeline; we will confirm availability and a price.",
  },
};
