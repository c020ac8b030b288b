// The header's language switcher: choosing a language applies it at once (the button is for
// browsers without scripts).
const form = document.getElementById("language-form");
if (form) {
  document.getElementById("language-change").hidden = true;
  form.lang.addEventListener("change", () => form.submit());
}
