/**
 * Popups of the form controls whose Escape belongs to them: Select, AutoComplete and TreeSelect
 * (`ant-select-dropdown`), DatePicker and RangePicker, Cascader, ColorPicker.
 */
const POPUPS = [
  '.ant-select-dropdown',
  '.ant-picker-dropdown',
  '.ant-cascader-dropdown',
  '.ant-color-picker',
];

/**
 * True when Escape pressed on `target` would close a drop-down rather than the dialog: the focused
 * control says it is expanded, or a control's popup is showing (a date panel does not mark its input).
 * Read before the control handles the key, since it closes the popup as it does.
 */
export function isDropdownOpen(target: EventTarget | null, doc: Document = document): boolean {
  if (target instanceof Element && target.closest('[aria-expanded="true"]')) return true;
  const shown = POPUPS.map((popup) => `${popup}:not(${popup}-hidden):not([hidden])`).join(', ');
  return [...doc.querySelectorAll<HTMLElement>(shown)].some(
    (popup) => !popup.className.includes('-hidden') && popup.style.display !== 'none',
  );
}
