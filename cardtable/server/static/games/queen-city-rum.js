// Queen City Rum (RULES.md QC) is drawn by the rummy module it shares with Rummy 500.
export { handlesActions, render, reset } from "./rummy.js";
