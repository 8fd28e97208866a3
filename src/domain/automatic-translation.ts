// Automatic translation vocabulary: what a run does with the strings it fills, and where it takes them from.

/** suggest: adds suggestions; translate/fuzzy/approved: writes the target in that state (approved needs review rights). */
export const AUTO_MODES = ['suggest', 'translate', 'fuzzy', 'approved'] as const;
export type AutoMode = (typeof AUTO_MODES)[number];

/** others: copies matching translations of other components; mt: asks machine-translation engines. */
export const AUTO_SOURCES = ['others', 'mt'] as const;
export type AutoSource = (typeof AUTO_SOURCES)[number];

/** Everything a run needs, serializable into a task payload; permissions are checked before it exists. */
export interface AutotranslateJob {
  translationId: number;
  userId: number | null;
  mode: AutoMode;
  /** The effective search query (a legacy filter_type already turned into its query). */
  q: string;
  autoSource: AutoSource;
  /** others: the one component to copy from; null = every component of the project that allows propagation. */
  componentId: number | null;
  engines: string[];
  threshold: number;
  /** Approved units are overwritten only by an `approved` run (which needs unit.review). */
  touchApproved: boolean;
}
