// Rummy 500 (RULES.md R5) is drawn by the rummy module it shares with Queen City Rum.
export { handlesActions, render, reset } from "./rummy.js";
