// Building the page's elements: one small helper, and the button that offers a move (its
// words in the page's language, its exact notation underneath, the notation in data-action).

import { actionLabel } from "./actions.js";

// el("div", {class: "x", text: "hi", data: {seat: 1}, attrs: {role: "group"}}, child, …)
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined && props.text !== null) node.textContent = String(props.text);
  for (const [k, v] of Object.entries(props.data ?? {})) node.dataset[k] = String(v);
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, String(v));
  if (props.title) node.title = props.title;
  if (props.onClick) node.addEventListener("click", props.onClick);
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

export function moveButton(action, { label = null, primary = false, hinted = false, onPress }) {
  const button = el(
    "button",
    { class: `move${primary ? " primary" : ""}`, data: { action }, attrs: { type: "button" } },
    el("span", { class: "words", text: label ?? actionLabel(action) }),
    el("code", { class: "notation", text: action, attrs: { lang: "zxx" } }),
  );
  if (hinted) button.classList.add("hinted");
  button.addEventListener("click", () => onPress(action));
  return button;
}
