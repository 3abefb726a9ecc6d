// A fixture for the import rules' test: this file and cycle-a.ts import each other.
import { a } from "./cycle-a.ts";

export const b = () => a;
