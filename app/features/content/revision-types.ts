import type { ContentSection, RevisionKind } from "#app/domain/content-sections.ts";

/** One field of a section as each side has it, for the two versions shown side by side. */
export interface ConflictField {
  label: string;
  theirs: string;
  yours: string;
}

/** The save that came between: who, when, and the fields where it and the refused save differ. */
export interface RevisionConflict {
  revisionId: string;
  authorEmail: string;
  createdAt: string;
  fields: ConflictField[];
}

/** A saved version of a section, as the version history lists it. */
export interface RevisionSummary {
  id: string;
  section: ContentSection;
  kind: RevisionKind;
  changedFields: string[];
  authorEmail: string;
  createdAt: string;
  restoredFromId: string | null;
}
