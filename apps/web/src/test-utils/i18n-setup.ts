// The tests' language: English, SPEC.md's strings, as a first visit with no other language has.
import english from "virtual:purplebeats-catalog/en";
import { activateBrowserI18n } from "../i18n";

activateBrowserI18n("en", english);
