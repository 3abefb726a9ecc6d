import { createContext, useContext } from "react";

/** Filled on the server only; browsers hide nonce values from scripts, so the client reads "". */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
