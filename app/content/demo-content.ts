import type { ProjectCategory } from "../lib/project-categories";

// The demo content a fresh install shows (services/seed.server.ts writes it, marked demo:
// decision 0043). Made up, every word: the go-live checklist removes it.

export type DemoProject = {
  title: string;
  category: ProjectCategory;
  description: string;
  file: string;
  alt: string;
  videoUrl?: string;
  featured?: boolean;
};

/** The demo projects, word for word as the seed writes them (migration 0016 marks exactly these on older sites). */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: "Two-Story Custom Home Framing, Derby",
    category: "framing",
    description:
      "Full framing package for a 2,600 sq ft two-story home: engineered floor joists, 2x6 exterior walls and site-built roof trusses, inspected and passed on the first visit.",
    file: "framing-custom-home.webp",
    alt: "Two-story house frame of wall studs and roof trusses on a new foundation",
    featured: true,
  },
  {
    title: "Family Room Addition, Wellington",
    category: "framing",
    description:
      "A 16 x 20 ft room addition tied into the existing roofline, with a new header for a wide opening into the kitchen.",
    file: "framing-room-addition.webp",
    alt: "Single-story room addition framed in fresh lumber with gable roof rafters",
  },
  {
    title: "Detached Garage and Workshop, Mulvane",
    category: "framing",
    description:
      "Framing for a 24 x 30 ft detached garage with a 10 ft wall height for a lift, plus a loft over the workshop bay.",
    file: "framing-garage.webp",
    alt: "Framed detached garage walls with roof trusses at sunset",
  },
  {
    title: "Architectural Shingle Roof, Andover",
    category: "roofing",
    description:
      "Tear-off and replacement with impact-rated architectural shingles, new drip edge, synthetic underlayment and seamless gutters.",
    file: "roofing-architectural-shingles.webp",
    alt: "Ranch house with a new charcoal architectural shingle roof and white gutters",
    featured: true,
  },
  {
    title: "Hail Damage Repair, Haysville",
    category: "roofing",
    description:
      "Storm-damaged slopes replaced and flashing resealed after a spring hail storm; we met the adjuster on site and documented every bruise.",
    file: "roofing-storm-repair.webp",
    alt: "Blue-gray house with a repaired brown shingle roof under an overcast sky",
  },
  {
    title: "Complete Roof Replacement, Wichita",
    category: "roofing",
    description:
      "Full replacement on a 1970s home in College Hill, including new decking where the old planks had rotted along the eaves.",
    file: "roofing-replacement.webp",
    alt: "White house with a new dark shingle roof and green front door",
  },
  {
    title: "Bright Green Treatment on a Ranch Home, Newton",
    category: "bright-green",
    description:
      "A 12-year-old shingle roof treated with the bio-based Bright Green coating to restore flexibility and color instead of replacing it.",
    file: "bright-green-ranch.webp",
    alt: "Ranch house roof half treated, showing darker restored shingles beside faded ones",
    featured: true,
  },
  {
    title: "Bright Green Treatment, Two-Story, Augusta",
    category: "bright-green",
    description:
      "Two-story home with granule loss on the south slope; one application of the treatment brought the shingles back to a uniform, rich color.",
    file: "bright-green-two-story.webp",
    alt: "Two-story house roof during treatment, restored shingles on the left",
  },
  {
    title: "Watch: How the Bright Green Treatment Is Applied",
    category: "bright-green",
    description:
      "A short walk-through of a treatment day: inspection, cleaning, the low-pressure spray application and the finished roof.",
    file: "bright-green-video.webp",
    alt: "Video thumbnail of a roof being treated with the Bright Green coating",
    // Placeholder: the owner replaces it with the company's own video in the admin.
    videoUrl: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
  },
];

/** The made-up reviews the seed writes, word for word. */
export const DEMO_TESTIMONIALS = [
  {
    name: "Karen M.",
    location: "Wellington, KS",
    quote:
      "They replaced our roof two days after the hail storm and cleaned up every last nail. Dale walked us through the insurance paperwork too.",
  },
  {
    name: "Tom and Lisa R.",
    location: "Derby, KS",
    quote:
      "Our addition was framed square, plumb and on schedule. The inspector said it was some of the cleanest framing he had seen this year.",
  },
  {
    name: "Greg H.",
    location: "Wichita, KS",
    quote:
      "I was quoted a full replacement elsewhere. Prairie Ridge suggested the Bright Green treatment instead and the roof looks years younger.",
  },
  {
    name: "Angela P.",
    location: "Andover, KS",
    quote:
      "Honest estimate, clear schedule and a crew that showed up when they said they would. Our new gutters finally keep the basement dry.",
  },
  {
    name: "Marcus D.",
    location: "Newton, KS",
    quote:
      "They found the leak two other roofers missed: a cracked boot around the furnace vent. Fixed the same afternoon for a fair price.",
    rating: 5,
  },
  {
    name: "Shirley B.",
    location: null,
    quote: "Friendly family business. Cody answered every question I had and sent photos of the work while I was away.",
    rating: 4,
  },
];
