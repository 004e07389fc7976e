/** What a job photo shows, in the order the crew picks from (the first is the form's default). */
export const JOB_PHOTO_TAGS = ["before", "during", "after", "damage", "other"] as const;
export type JobPhotoTag = (typeof JOB_PHOTO_TAGS)[number];

/** The tags' words on the lead page and the homeowner's job page. */
export const JOB_PHOTO_TAG_LABELS: Record<JobPhotoTag, string> = {
  before: "Before",
  during: "During",
  after: "After",
  damage: "Damage",
  other: "Other",
};
