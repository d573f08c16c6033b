// The search feature's public surface: the search screen's sections, and its parts loaded on demand.
export { loadAddableSongs, loadSearchSections } from "./lazy";
export { anySectionResult, useSectionResults } from "./section-results";
export { SearchBox } from "./SearchBox";
