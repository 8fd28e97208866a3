// Automatic translation vocabulary: what a run does with the strings it fills, and where it takes them from.

/** suggest: adds suggestions; translate/fuzzy/approved: writes the target in that state (approved needs review rights). */
export const AUTO_MODES = ['suggest', 'translate', 'fuzzy', 'approved'] as const;
export type AutoMode = (typeof AUTO_MODES)[number];

/** others: copies matching translations of other components; mt: asks machine-translation engines. */
export const AUTO_SOURCES = ['others', 'mt'] as const;
export type AutoSource = (typeof AUTO_SOURCES)[number];
