// The options a <select> offers now, as Playwright's selectOption matches them: value and label.
function selectOptions(select) {
  return Array.from(select.options || [], (o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
}

// The option a <select> holds selected now (null: none); repeated: another option has its label too (one label
// under two optgroups: Monthly of Pro, Monthly of Team).
function selectedOption(select) {
  const o = select.selectedIndex >= 0 ? select.options[select.selectedIndex] : null;
  const repeated = o !== null && Array.from(select.options).filter((x) => x.label === o.label).length > 1;
  return o ? { value: o.value, label: o.label, disabled: o.disabled, repeated } : null;
}
