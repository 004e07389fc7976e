import { SITE_IMAGES, type SiteImage } from "./site-images";
import type { ServiceSlug } from "~/lib/landing-pages";

export type HomeService = {
  slug: ServiceSlug;
  title: string;
  description: string;
  icon: "framing" | "roofing" | "gutters";
  image: SiteImage;
  alt: string;
  features: string[];
};

export const HOME_SERVICES: HomeService[] = [
  {
    slug: "residential-framing-wichita",
    title: "Residential Framing",
    description: "Custom homes, additions and outbuildings framed square, plumb and to code.",
    icon: "framing",
    image: SITE_IMAGES.framing,
    alt: "Two-story house frame of fresh lumber studs and roof trusses",
    features: [
      "Custom home framing",
      "Room additions",
      "Interior wall framing",
      "Structural repairs",
      "Garage and shed framing",
    ],
  },
  {
    slug: "residential-roofing-wichita",
    title: "Residential Roofing",
    description: "New roofs, replacements and repairs built for Kansas hail, wind and heat.",
    icon: "roofing",
    image: SITE_IMAGES.roofing,
    alt: "Ranch house with a new charcoal shingle roof",
    features: [
      "Shingle roof installation",
      "Roof repairs",
      "Complete roof replacement",
      "Roof inspections",
      "Storm damage repair",
    ],
  },
  {
    slug: "gutter-services-wichita",
    title: "Gutter Services",
    description: "Seamless gutters and downspouts that keep water away from your foundation.",
    icon: "gutters",
    image: SITE_IMAGES.gutters,
    alt: "House with white seamless gutters and a downspout along the corner",
    features: ["Gutter installation", "Gutter cleaning", "Gutter repair", "Downspout services", "Gutter guards"],
  },
];

export const BRIGHT_GREEN_BENEFITS = [
  { title: "Extends Roof Life", text: "Up to 10 more years of shingle life per application." },
  { title: "Restores Color", text: "Faded, chalky shingles regain a rich, even color." },
  { title: "Weather Resistant", text: "Restored shingles flex in the cold instead of cracking." },
  { title: "Reduces Oxidation", text: "Slows the sun's drying of the asphalt binder." },
  { title: "Prevents Damage", text: "Helps hold granules in place and resist hail bruising." },
  { title: "Reapplicable", text: "Can be applied up to three times over the roof's life." },
];

export const BRIGHT_GREEN_VIDEO = {
  // Placeholder until the company's own video is uploaded to YouTube.
  url: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
  title: "How the Bright Green roof treatment is applied",
  thumbnail: SITE_IMAGES.brightGreenVideo,
  alt: "Roof halfway through treatment: restored dark shingles beside faded ones",
};

export const ABOUT_HIGHLIGHTS = [
  { value: "Family-owned", label: "Owners on every job" },
  { value: "30 min", label: "From Wellington to Wichita" },
  { value: "11 towns", label: "Served across south-central Kansas" },
  { value: "Free", label: "Written estimates" },
];
