// What a frame shows a person: its text and the values of its fields, those in open shadow roots too
// (a heal's picture is withheld when a secret value is among them).
function shownText() {
  const fields = deepAll('input, textarea').map((field) => field.value);
  return [document.body ? document.body.innerText : '', ...fields].join('\n');
}
