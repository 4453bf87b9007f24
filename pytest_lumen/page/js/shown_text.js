// What a frame shows a person: its text and the values of its fields (a heal's picture is withheld when a
// secret value is among them).
function shownText() {
  const fields = [...document.querySelectorAll('input, textarea')].map((field) => field.value);
  return [document.body ? document.body.innerText : '', ...fields].join('\n');
}
