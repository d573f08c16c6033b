// Every screen test waits for a condition (findBy..., waitFor), never for a fixed time: on a busy 2-core CI
// machine a render that takes 50 ms alone can take seconds, and Testing Library's default of 1 s would fail
// a correct screen. A wait still ends as soon as its condition holds.
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 15_000 });
