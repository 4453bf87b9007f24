// Whether an element is a file input (upload_file sets its files; any other element opens a file chooser).
function isFileInput(el) {
  return el instanceof HTMLInputElement && el.type === 'file';
}
