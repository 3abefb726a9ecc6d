// A fixture for the import rules' test: this file and cycle-b.ts import each other.
import { b } from "./cycle-b.ts";

export const a = () => b;
