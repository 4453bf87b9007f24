"""The trap suite's app chrome: the shells its pages render in and the assets every page shares.

Three apps, as three stacks render them:

* **Acme Admin** (``admin``): a React-admin single-page app on MUI. Generated class names (``css-1owb465``) beside
  MUI's and React-admin's own (``MuiButton-root``, ``RaDatagrid-row``), the data the server rendered into the page
  as JSON (``__ACME_STATE__``) and rendered by script, notifications in a snackbar (``role=alert``), modals in a
  portal at the end of ``body`` that hide the app (``aria-hidden`` on ``#root``, as MUI's modal manager does), with
  its focus-trap sentinels (``data-testid="sentinelStart"``: MUI renders them; no other test ids);
* **Acme Backoffice** (``backoffice``): a server-rendered Rails app on Bootstrap 5: forms that POST and redirect
  (303), flash messages, ``button_to`` forms, Bootstrap's collapse and Font Awesome icons;
* **Tunely** (``tunes``): a music app on styled-components (``sc-`` class names), its track list an ARIA grid.

``APP_JS`` is the runtime every page loads: ``track()`` (analytics beacons: how the pages report each client
effect to the server's log), ``api()`` (the JSON API client), ``notify()``, ``openDialog()`` and Bootstrap's data
API. It counts what it sent in ``sessionStorage`` (``acme.sent``), which the inner conftest compares with what
the server received before it reads the log.
"""

# ruff: noqa: E501 - whole pages as the apps render them: a line of markup is test data (as tests/drift/pages.py)

from __future__ import annotations

import json
from typing import Any

APP_JS = r"""/* Acme's runtime: what every page of the apps shares. Analytics beacons (track), the JSON API client (api),
   the data the server rendered into the page (seed), notifications (notify), modal dialogs (openDialog) and the
   Bootstrap behaviours the server-rendered pages use (collapse, dismissible alerts). */
(function () {
  'use strict';
  const SENT = 'acme.sent';
  function sent() {
    sessionStorage.setItem(SENT, String(Number(sessionStorage.getItem(SENT) || 0) + 1));
  }
  window.track = function (event) {
    sent();
    navigator.sendBeacon('/__log', JSON.stringify({ entry: event }));
  };
  window.api = async function (method, path, body) {
    sent();
    const init = { method: method, headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    if (!response.ok) throw new Error(method + ' ' + path + ': HTTP ' + response.status);
    return response.status === 204 ? null : response.json();
  };
  const data = document.getElementById('__ACME_STATE__');
  window.seed = data ? JSON.parse(data.textContent) : {};

  let snackbar = null;
  window.notify = function (message) {
    if (snackbar) snackbar.remove();
    snackbar = document.createElement('div');
    snackbar.className = 'MuiSnackbar-root MuiSnackbar-anchorOriginBottomCenter css-zzms1t';
    snackbar.setAttribute('role', 'presentation');
    snackbar.innerHTML = '<div class="MuiPaper-root MuiPaper-elevation6 MuiSnackbarContent-root css-1eqdgzv" role="alert">'
      + '<div class="MuiSnackbarContent-message css-1w0ym84"></div></div>';
    snackbar.querySelector('.MuiSnackbarContent-message').textContent = message;
    document.body.append(snackbar);
  };

  let ids = 0;
  window.openDialog = function (options) {
    const root = document.getElementById('root');
    const titleId = ':r' + (++ids).toString(36) + ':';
    const textId = ':r' + (++ids).toString(36) + ':';
    const portal = document.createElement('div');
    portal.setAttribute('role', 'presentation');
    portal.className = 'MuiDialog-root MuiModal-root css-126xj0f';
    portal.innerHTML = '<div aria-hidden="true" class="MuiBackdrop-root css-yiavyu"></div>'
      + '<div tabindex="0" data-testid="sentinelStart"></div>'
      + '<div class="MuiDialog-container MuiDialog-scrollPaper css-ekeie0" role="presentation" tabindex="-1">'
      + '<div class="MuiPaper-root MuiPaper-elevation24 MuiPaper-rounded MuiDialog-paper MuiDialog-paperScrollPaper '
      + 'MuiDialog-paperWidthSm css-1t1j96h" role="dialog" aria-modal="true">'
      + '<h2 class="MuiTypography-root MuiTypography-h6 MuiDialogTitle-root css-bdhsul"></h2>'
      + '<div class="MuiDialogContent-root css-1ty026z"><p class="MuiTypography-root MuiTypography-body1 '
      + 'MuiDialogContentText-root css-qv2ry7"></p></div>'
      + '<div class="MuiDialogActions-root MuiDialogActions-spacing css-14b29qc"></div></div></div>'
      + '<div tabindex="0" data-testid="sentinelEnd"></div>';
    const container = portal.querySelector('.MuiDialog-container');
    const paper = portal.querySelector('[role=dialog]');
    const title = paper.querySelector('h2');
    const text = paper.querySelector('p');
    title.id = titleId;
    title.textContent = options.title;
    text.id = textId;
    text.textContent = options.text;
    // MUI names a dialog by its title only when the app's code passes aria-labelledby (labelled: false, a release's
    // that stopped: the title still shows, and names the dialog for no one).
    if (options.labelled !== false) paper.setAttribute('aria-labelledby', titleId);
    paper.setAttribute('aria-describedby', textId);
    function onKey(event) {
      if (event.key === 'Escape') close('escapeKeyDown');
    }
    function close(reason) {
      portal.remove();
      if (root) root.removeAttribute('aria-hidden');
      document.removeEventListener('keydown', onKey);
      if (reason && options.onClose) options.onClose(reason);
    }
    for (const action of options.actions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'MuiButtonBase-root MuiButton-root ' + (action.primary
        ? 'MuiButton-contained MuiButton-containedPrimary MuiButton-sizeMedium css-1hw9j7s'
        : 'MuiButton-text MuiButton-textPrimary MuiButton-sizeMedium css-1e6y48t');
      button.textContent = action.label;
      button.addEventListener('click', function () {
        close(null);
        if (action.onClick) action.onClick();
      });
      paper.querySelector('.MuiDialogActions-root').append(button);
    }
    if (options.closeButton) {
      const x = document.createElement('button');
      x.type = 'button';
      x.className = 'MuiButtonBase-root MuiIconButton-root MuiIconButton-sizeMedium css-1yxmbwk';
      x.setAttribute('aria-label', 'Close');
      x.innerHTML = '<svg class="MuiSvgIcon-root MuiSvgIcon-fontSizeMedium css-i4bv87" focusable="false" aria-hidden="true" '
        + 'viewBox="0 0 24 24" data-testid="CloseIcon"><path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 '
        + '6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"></path></svg>';
      x.addEventListener('click', function () { close('closeButton'); });
      title.after(x);
    }
    if (options.backdropClose) {
      container.addEventListener('click', function (event) {
        if (event.target === container) close('backdropClick');
      });
    }
    document.addEventListener('keydown', onKey);
    document.body.append(portal);
    if (root) root.setAttribute('aria-hidden', 'true');
    container.focus();
    return close;
  };

  // Bootstrap's data API, as the server-rendered pages use it: collapses and dismissible alerts.
  document.addEventListener('click', function (event) {
    const toggle = event.target.closest('[data-bs-toggle="collapse"]');
    if (toggle) {
      const target = document.querySelector(toggle.getAttribute('data-bs-target'));
      const open = !target.classList.contains('show');
      target.classList.toggle('show', open);
      toggle.classList.toggle('collapsed', !open);
      toggle.setAttribute('aria-expanded', String(open));
      track('disclosure ' + (open ? 'opened' : 'closed') + ': ' + toggle.textContent.trim());
    }
    const dismiss = event.target.closest('[data-bs-dismiss="alert"]');
    if (dismiss) dismiss.closest('.alert').remove();
  });
})();
"""

ADMIN_CSS = r"""body { margin: 0; font-family: Roboto, Helvetica, Arial, sans-serif; font-size: 14px; color: rgba(0,0,0,.87); }
.RaAppBar-appBar { position: fixed; top: 0; left: 0; right: 0; height: 48px; background: #283593; color: #fff; z-index: 1100; }
.RaAppBar-toolbar { display: flex; align-items: center; gap: 8px; height: 48px; padding: 0 8px; }
.RaAppBar-title { flex: 1; margin: 0; font-size: 1.1rem; font-weight: 500; }
.RaAppBar-toolbar button { background: none; border: 0; color: inherit; cursor: pointer; }
.RaLayout-appFrame { display: flex; margin-top: 48px; }
.RaSidebar-docked { width: 200px; flex-shrink: 0; }
.RaMenu-root { list-style: none; margin: 0; padding: 8px 0; }
.RaMenuItemLink-root { display: block; padding: 6px 16px; color: rgba(0,0,0,.6); text-decoration: none; }
.RaMenuItemLink-active { color: rgba(0,0,0,.87); font-weight: 500; }
.RaLayout-content { flex: 1; padding: 8px 16px 64px; background: #fafafb; min-height: 90vh; }
.RaTopToolbar-root { display: flex; align-items: center; justify-content: space-between; min-height: 64px; }
.RaTopToolbar-actions { display: flex; gap: 8px; }
.MuiCard-root { background: #fff; border-radius: 4px; box-shadow: 0 2px 1px -1px rgba(0,0,0,.2), 0 1px 1px rgba(0,0,0,.14); }
.MuiCardContent-root { padding: 16px; }
.MuiTable-root { width: 100%; border-collapse: collapse; }
.MuiTableCell-root { padding: 6px 16px; border-bottom: 1px solid rgba(224,224,224,1); text-align: left; }
.MuiTableCell-head { font-weight: 500; }
.MuiButton-root, .MuiIconButton-root { display: inline-flex; align-items: center; gap: 4px; border: 0; background: none;
  padding: 4px 5px; font: inherit; font-weight: 500; text-transform: uppercase; color: #283593; cursor: pointer;
  text-decoration: none; }
.MuiButton-textError, .MuiIconButton-colorError { color: #d32f2f; }
.MuiButton-contained { background: #283593; color: #fff; border-radius: 4px; padding: 6px 16px; }
.MuiIconButton-root { border-radius: 50%; padding: 5px; text-transform: none; }
.MuiSvgIcon-root { width: 1.25rem; height: 1.25rem; fill: currentColor; }
.MuiTypography-h5 { font-size: 1.5rem; font-weight: 400; margin: 0; }
.MuiTypography-caption { font-size: .75rem; color: rgba(0,0,0,.6); margin: 0 0 2px; }
.RaLabeled-root { margin-bottom: 12px; }
.MuiFormControl-root { display: flex; flex-direction: column; margin-bottom: 16px; max-width: 480px; }
.MuiInputBase-input { font: inherit; padding: 10px 12px; border: 0; border-bottom: 1px solid rgba(0,0,0,.42);
  background: rgba(0,0,0,.06); }
.RaToolbar-desktopToolbar { display: flex; padding: 16px; background: #f5f5f5; }
.MuiDialog-root { position: fixed; inset: 0; z-index: 1300; }
.MuiBackdrop-root { position: fixed; inset: 0; background: rgba(0,0,0,.5); }
.MuiDialog-container { position: relative; height: 100%; display: flex; align-items: center; justify-content: center;
  outline: 0; }
.MuiDialog-paper { position: relative; background: #fff; border-radius: 4px; max-width: 600px; margin: 32px;
  box-shadow: 0 11px 15px -7px rgba(0,0,0,.2); }
.MuiDialogTitle-root { margin: 0; padding: 16px 24px; font-size: 1.25rem; font-weight: 500; }
.MuiDialog-paper > .MuiIconButton-root { position: absolute; right: 8px; top: 8px; color: rgba(0,0,0,.54); }
.MuiDialogContent-root { padding: 0 24px 20px; }
.MuiDialogActions-root { display: flex; justify-content: flex-end; gap: 8px; padding: 8px; }
.MuiSnackbar-root { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); z-index: 1400; }
.MuiSnackbarContent-root { background: #323232; color: #fff; padding: 6px 16px; border-radius: 4px; min-width: 288px; }
.RaActionsMenu > summary { list-style: none; }
.RaActionsMenu[open] > .MuiMenu-paper { position: absolute; right: 16px; background: #fff; padding: 8px;
  box-shadow: 0 5px 5px -3px rgba(0,0,0,.2); }
.fa { display: inline-block; font: normal normal normal 14px/1 FontAwesome; text-rendering: auto; }
.fa-trash:before { content: "\f1f8"; }
.fa-pencil:before { content: "\f040"; }
"""

BOOTSTRAP_CSS = r"""/* Bootstrap v5.2 (the parts these pages use) and Font Awesome 4.7's icon classes */
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 1rem; line-height: 1.5;
  color: #212529; }
.navbar { display: flex; align-items: center; padding: .5rem 1rem; background: #f8f9fa; border-bottom: 1px solid #dee2e6; }
.navbar-brand { margin-right: 1rem; font-size: 1.25rem; color: #212529; text-decoration: none; }
.navbar-nav { display: flex; gap: .5rem; list-style: none; margin: 0; padding: 0; }
.nav-link { color: rgba(0,0,0,.65); text-decoration: none; padding: .5rem; }
.ms-auto { margin-left: auto; }
.me-auto { margin-right: auto; }
.container { max-width: 1140px; margin: 0 auto; padding: 1.5rem .75rem; }
.row { display: flex; flex-wrap: wrap; gap: 1.5rem; }
.col-md-4 { flex: 0 0 30%; } .col-md-5 { flex: 0 0 38%; } .col-md-6 { flex: 0 0 46%; } .col-md-7 { flex: 0 0 55%; }
.col-lg-4 { flex: 0 0 30%; } .col-lg-8 { flex: 0 0 62%; }
.d-flex { display: flex; } .d-inline { display: inline; } .d-grid { display: grid; }
.align-items-center { align-items: center; } .gap-2 { gap: .5rem; } .text-end { text-align: right; }
.table { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }
.table th, .table td { padding: .5rem; border-bottom: 1px solid #dee2e6; text-align: left; }
.btn { display: inline-block; padding: .375rem .75rem; border: 1px solid transparent; border-radius: .375rem;
  font: inherit; background: none; cursor: pointer; text-decoration: none; color: #212529; }
.btn-sm { padding: .25rem .5rem; font-size: .875rem; }
.btn-lg { padding: .5rem 1rem; font-size: 1.25rem; }
.btn-primary { background: #0d6efd; color: #fff; }
.btn-success { background: #198754; color: #fff; }
.btn-outline-secondary { border-color: #6c757d; color: #6c757d; }
.btn-outline-warning { border-color: #ffc107; color: #997404; }
.btn-link { color: #0d6efd; text-decoration: underline; }
.link-warning { color: #997404; }
.card { background: #fff; border: 1px solid rgba(0,0,0,.175); border-radius: .375rem; }
.card-body { padding: 1rem; } .card-header { padding: .5rem 1rem; border-bottom: 1px solid rgba(0,0,0,.175); }
.list-group { list-style: none; margin: 0; padding: 0; }
.list-group-item { padding: .5rem 1rem; border-bottom: 1px solid rgba(0,0,0,.125); }
.badge { display: inline-block; padding: .35em .65em; font-size: .75em; font-weight: 700; border-radius: .375rem;
  background: #e9ecef; }
.alert { position: relative; padding: 1rem; margin-bottom: 1rem; border: 1px solid transparent; border-radius: .375rem; }
.alert-success { background: #d1e7dd; color: #0a3622; } .alert-danger { background: #f8d7da; color: #58151c; }
.btn-close { position: absolute; top: 0; right: 0; padding: 1.25rem 1rem; border: 0; background: none; cursor: pointer; }
.btn-close:before { content: "\00d7"; }
.form-label { display: inline-block; margin-bottom: .5rem; }
.form-control, .form-select { display: block; width: 100%; padding: .375rem .75rem; font: inherit; border: 1px solid #dee2e6;
  border-radius: .375rem; box-sizing: border-box; }
.input-group { display: flex; } .input-group-text { padding: .375rem .75rem; background: #e9ecef; border: 1px solid #dee2e6; }
.form-text { font-size: .875em; color: rgba(33,37,41,.75); }
.mb-3 { margin-bottom: 1rem; } .mt-3 { margin-top: 1rem; } .mb-0 { margin-bottom: 0; } .mb-4 { margin-bottom: 1.5rem; }
.h3 { font-size: 1.75rem; } .h5 { font-size: 1.25rem; } .h6 { font-size: 1rem; }
.breadcrumb { display: flex; gap: .5rem; list-style: none; padding: 0; }
.accordion-button { display: flex; width: 100%; padding: 1rem 1.25rem; border: 0; background: #fff; font: inherit;
  font-size: 1rem; text-align: left; cursor: pointer; }
.accordion-button:after { content: "\25be"; margin-left: auto; }
.accordion-item { border: 1px solid #dee2e6; border-radius: .375rem; }
.accordion-body { padding: 1rem 1.25rem; }
.collapse:not(.show) { display: none; }
.toast-container { position: fixed; top: 0; right: 0; padding: 1rem; z-index: 1090; }
.toast { width: 350px; border-radius: .375rem; box-shadow: 0 .5rem 1rem rgba(0,0,0,.15); }
.toast:not(.show) { display: none; }
.text-bg-danger { background: #dc3545; color: #fff; } .toast-body { padding: .75rem; }
.visually-hidden { position: absolute !important; width: 1px !important; height: 1px !important; padding: 0 !important;
  margin: -1px !important; overflow: hidden !important; clip: rect(0,0,0,0) !important; white-space: nowrap !important;
  border: 0 !important; }
.fa { display: inline-block; font: normal normal normal 14px/1 FontAwesome; text-rendering: auto; }
.fa-share-alt:before { content: "\f1e0"; }
.fa-times:before { content: "\f00d"; }
.fa-lock:before { content: "\f023"; }
.fa-file-pdf-o:before { content: "\f1c1"; }
.fa-file-image-o:before { content: "\f1c5"; }
#onetrust-banner-sdk { position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483645; background: #fff;
  box-shadow: 0 0 18px rgba(0,0,0,.2); padding: 1rem 2rem; }
#onetrust-button-group { display: flex; gap: 1rem; justify-content: flex-end; }
#onetrust-button-group button { padding: .75rem 1.5rem; border: 1px solid #0d6efd; background: #0d6efd; color: #fff;
  font: inherit; cursor: pointer; }
#onetrust-button-group .cookie-setting-link { background: none; color: #0d6efd; border: 0; text-decoration: underline; }
"""

TUNES_CSS = r"""body { margin: 0; background: #121212; color: #fff; font-family: CircularSp, Helvetica, Arial, sans-serif; }
.Root__top-container { display: grid; grid-template-columns: 240px 1fr; min-height: 100vh; }
.Root__nav-bar { background: #000; padding: 24px; }
.Root__nav-bar a { display: block; color: #b3b3b3; text-decoration: none; padding: 8px 0; font-weight: 700; }
.Root__main-view { padding: 24px 32px 96px; }
.sc-gKXOVf { font-size: 4.5rem; font-weight: 900; margin: 8px 0 16px; }
.sc-iBkjds { display: grid; grid-template-columns: 16px 4fr 3fr 1fr 160px; gap: 16px; align-items: center;
  padding: 4px 16px; height: 56px; border-radius: 4px; color: #b3b3b3; }
.sc-iBkjds:hover { background: hsla(0,0%,100%,.1); }
.sc-ftvSup { color: #fff; font-size: 1rem; }
.sc-papXJ { background: none; border: 1px solid #727272; border-radius: 500px; color: #fff; padding: 4px 14px;
  font: inherit; font-size: .8rem; cursor: pointer; }
.MuiSnackbar-root { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); }
.MuiSnackbarContent-root { background: #2e77d0; color: #fff; padding: 8px 16px; border-radius: 8px; }
"""

STATIC: dict[str, str] = {"static/app.js": APP_JS, "static/admin.css": ADMIN_CSS, "static/bootstrap.css": BOOTSTRAP_CSS,
                          "static/tunes.css": TUNES_CSS}

ICON_PATHS = {  # MUI's icons (@mui/icons-material), as MUI renders them: an svg with the icon's test id
    "Delete": "M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z",
    "DeleteOutline": "M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6v12zM8 9h8v10H8V9zm7.5-5-1-1h-5l-1 1H5v2h14V4z",
    "Share": "M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 "
             "2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 "
             "1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92s2.92-"
             "1.31 2.92-2.92-1.31-2.92-2.92-2.92z",
    "Create": "M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a.996.996 0 0 0 0-1.41l-2.34-2.34a.996.996 0 0 "
              "0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z",
    "Add": "M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z",
    "GetApp": "M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z",
    "Save": "M17 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V7l-4-4zm-5 16c-1.66 0-3-1.34-3-3s1.34-3 3-3 3 "
            "1.34 3 3-1.34 3-3 3zm3-10H5V5h10v4z",
    "ExpandMore": "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z",
    "Menu": "M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z",
    "Refresh": "M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 "
               "2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z",
}


def icon(name: str, size: str = "Medium", css: str = "css-vubbuv") -> str:
    """An MUI icon as MUI renders it (``<svg data-testid="DeleteIcon">``), hidden from assistive technology."""
    return (f'<svg class="MuiSvgIcon-root MuiSvgIcon-fontSize{size} {css}" focusable="false" aria-hidden="true" '
            f'viewBox="0 0 24 24" data-testid="{name}Icon"><path d="{ICON_PATHS[name]}"></path></svg>')


MENU = (("Dashboard", "/"), ("Products", "/products"), ("Categories", "/categories"), ("Orders", "/orders"),
        ("Posts", "/posts"))


def _page_end(script: str) -> str:
    """The end of every app's page: its seed data (the app fills ``{{state}}`` in), its scripts."""
    return f"""<script type="application/json" id="__ACME_STATE__">{{{{state}}}}</script>
<script src="/static/app.js"></script>
<script>
{script}
</script>
</body>
</html>
"""


def admin(title: str, active: str, content: str, script: str) -> str:
    """A page of Acme Admin (React-admin on MUI): app bar, menu, the page's content, its data and script."""
    menu = "\n".join(
        f'<li><a class="MuiButtonBase-root MuiMenuItem-root MuiMenuItem-gutters RaMenuItemLink-root'
        f'{" RaMenuItemLink-active" if label == active else ""} css-1pa0hc" tabindex="0" href="{href}">{label}</a></li>'
        for label, href in MENU)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} | Acme Admin</title>
<link rel="stylesheet" href="/static/admin.css">
</head>
<body>
<div id="root"><div class="RaLayout-root css-1w4c9ah">
<header class="MuiPaper-root MuiPaper-elevation4 MuiAppBar-root MuiAppBar-colorSecondary MuiAppBar-positionFixed RaAppBar-appBar css-1ri9q4h">
<div class="MuiToolbar-root MuiToolbar-gutters MuiToolbar-regular RaAppBar-toolbar css-1c3nfed">
<button class="MuiButtonBase-root MuiIconButton-root MuiIconButton-colorInherit RaAppBar-menuButton css-1yxmbwk" type="button" aria-label="Close menu">{icon("Menu")}</button>
<h6 class="MuiTypography-root MuiTypography-h6 RaAppBar-title css-1ihkpga" id="react-admin-title">{title}</h6>
<button class="MuiButtonBase-root MuiIconButton-root MuiIconButton-colorInherit css-1yxmbwk" type="button" aria-label="Refresh">{icon("Refresh")}</button>
<button class="MuiButtonBase-root MuiButton-root MuiButton-text RaUserMenu-userButton css-1yxmbwk" type="button" aria-label="Profile">Ada Lovelace</button>
</div>
</header>
<div class="RaLayout-appFrame css-8a9zo0">
<div class="MuiDrawer-root MuiDrawer-docked RaSidebar-docked css-1ii0e2v"><div class="MuiPaper-root MuiDrawer-paper RaSidebar-paper css-1ik89ao">
<ul class="MuiList-root MuiList-padding RaMenu-root RaMenu-open css-1ljpcig">
{menu}
</ul></div></div>
<main id="main-content" class="RaLayout-content css-1o6ufp5">
{content}
</main>
</div>
</div></div>
{_page_end(script)}"""


FLASH = """{{#flash}}<div class="alert alert-success alert-dismissible fade show" role="alert">{{text}}<button type="button" class="btn-close" data-bs-dismiss="alert" aria-label="Close"></button></div>{{/flash}}"""


def backoffice(title: str, content: str, script: str = "", brand: str = "Acme Backoffice", flash: str = FLASH,
               after: str = "") -> str:
    """A page of the server-rendered Rails app (Bootstrap 5): navbar, flash messages, the content; ``after`` is what
    the layout renders after ``main`` (a consent manager's banner, a toast container)."""
    return f"""<!doctype html>
<html lang="en" data-bs-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-param" content="authenticity_token">
<meta name="csrf-token" content="q1Zb8xX0rP-rD3s0X3a6vFhB1mC9kqzT0l9Yc4e7VwZ2">
<title>{title} | {brand}</title>
<link rel="stylesheet" href="/static/bootstrap.css">
</head>
<body>
<nav class="navbar navbar-expand-lg bg-body-tertiary" aria-label="Main navigation">
<a class="navbar-brand" href="/">{brand}</a>
<ul class="navbar-nav me-auto">
<li class="nav-item"><a class="nav-link" href="/products">Products</a></li>
<li class="nav-item"><a class="nav-link" href="/orders">Orders</a></li>
<li class="nav-item"><a class="nav-link" href="/whats-new">What's new</a></li>
</ul>
<ul class="navbar-nav">
<li class="nav-item"><a class="nav-link" href="/account">My account</a></li>
<li class="nav-item"><a class="nav-link" href="/logout" data-turbo-method="delete">Log out</a></li>
</ul>
</nav>
<main class="container">
{flash}
{content}
</main>
{after}
<script type="application/json" id="__ACME_STATE__">{{{{state}}}}</script>
<script src="/static/app.js"></script>
{f"<script>{script}</script>" if script else ""}
</body>
</html>
"""


def tunes(title: str, content: str, script: str) -> str:
    """A page of Tunely (a music app on styled-components)."""
    return f"""<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<title>{title} | Tunely</title>
<link rel="stylesheet" href="/static/tunes.css">
</head>
<body>
<div id="main"><div class="Root__top-container">
<nav class="Root__nav-bar sc-jSMfEi hNFWbq" aria-label="Main">
<a class="sc-dkrFOg kXpMzK" href="/">Home</a>
<a class="sc-dkrFOg kXpMzK" href="/search">Search</a>
<a class="sc-dkrFOg kXpMzK" href="/collection">Your Library</a>
</nav>
<main class="Root__main-view sc-hLBbgP fxpNmq">
{content}
</main>
</div></div>
{_page_end(script)}"""


def app_json(state: dict[str, Any], routes: dict[str, Any] | None = None) -> str:
    """A site's ``app.json``: its seed data and routes (tests/traps/app.py)."""
    return json.dumps({"state": state, "routes": routes or {}}, indent=1) + "\n"
