// The options a <select> offers now, as Playwright's selectOption matches them: value and label.
function selectOptions(select) {
  return Array.from(select.options || [], (o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
}

// The option a <select> holds selected now (null: none).
function selectedOption(select) {
  const o = select.selectedIndex >= 0 ? select.options[select.selectedIndex] : null;
  return o ? { value: o.value, label: o.label, disabled: o.disabled } : null;
}
