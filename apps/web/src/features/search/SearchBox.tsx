import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigateTo, useRouterAddress } from "../../ui/screen-link";
import { paths } from "../../lib/paths";
import { SearchIcon } from "../../ui/icons";
import type { Suggestion } from "./suggestions";
import { useSearchSuggestions } from "./useSearchSuggestions";
import classes from "./SearchBox.module.css";
import { useT } from "../../i18n";

const keyOf = (suggestion: Suggestion) => `${suggestion.kind}-${suggestion.id}`;

/**
 * The header's search box: a combobox (WAI-ARIA 1.2 pattern) over songs, playlists and artists.
 * Arrow keys move through the suggestions, Enter chooses one (or searches for the text), Escape closes.
 */
export function SearchBox({ initialText = "" }: { initialText?: string }) {
  const t = useT();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Ask only once the box is used: a search page opening with ?q= needs no suggestions yet.
  const [engaged, setEngaged] = useState(false);
  const suggestions = useSearchSuggestions(engaged ? text : "");
  const navigateTo = useNavigateTo();
  // While adding songs to a playlist (/search?playlist=...), new searches stay in that mode: read from the
  // address when the listener searches, not in render, so the header's box does not render with each navigation.
  const address = useRouterAddress();
  const addingToPlaylist = () => new URLSearchParams(address().search).get("playlist");
  const listId = useId();

  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded ? suggestions.findIndex((item) => keyOf(item) === activeKey) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };

  const choose = (suggestion: Suggestion) => {
    close();
    if (suggestion.kind === "song") setText(suggestion.label);
    navigateTo(suggestion.target(addingToPlaylist()));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = suggestions[activeIndex];
    if (chosen) return choose(chosen);
    const query = text.trim();
    if (!query) return; // SPEC.md section 5: blank text searches for nothing
    close();
    navigateTo(paths.searchFor(query, addingToPlaylist()));
  };

  const moveActive = (step: 1 | -1) => {
    if (!suggestions.length) return;
    setOpen(true);
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = (from + step + suggestions.length) % suggestions.length;
    setActiveKey(keyOf(suggestions[next] as Suggestion));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      moveActive(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      close();
    }
  };

  return (
    <form role="search" className={classes.form} onSubmit={submit}>
      <div className={classes.field}>
        <SearchIcon size={18} className={classes.icon} />
        <input
          type="search"
          className={classes.input}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setEngaged(true);
            setOpen(true);
          }}
          onBlur={close}
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {/* Rendered only while open: no empty listbox for screen readers (or tests) to find. */}
      {expanded && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t("search.suggestions")}
          className={classes.list}
          data-testid="search-suggestions"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={keyOf(suggestion)}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={classes.option}
              data-kind={suggestion.kind}
              // Keep focus in the input so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              <span className={classes.label}>{suggestion.label}</span>
              <span className={classes.detail}>{suggestion.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
