'use strict';
// The chassis page: everything it shows and does goes through the Redfish API with the signed-in
// user's own session and privileges. The session token lives in this script's memory only.

const R = '/redfish/v1';
const REPORTS = R + '/TelemetryService/MetricReportDefinitions/GPUs';
// Events, and the GPUs' periodic metric report (their temperatures between events)
const STREAM_FILTER =
  "EventFormatType eq 'Event' or (EventFormatType eq 'MetricReport' and MetricReportDefinition eq '" +
  REPORTS + "')";

let token = null;
let sessionUri = null;
let privileges = new Set();
let chassisUri = null;
let view = null; // what the last refresh read
let streamAbort = null;
let refreshTimer = null;
let reservationId = null;

const $ = (id) => document.getElementById(id);

class ApiError extends Error {
  constructor(status, body) {
    super(messageOf(body) || 'the service answered ' + status);
    this.status = status;
  }
}

function messageOf(body) {
  const error = body && body.error;
  if (!error) return null;
  const info = error['@Message.ExtendedInfo'];
  return info && info.length ? info.map((m) => m.Message).join(' ') : error.message;
}

async function api(method, path, body) {
  const headers = { Accept: 'application/json', 'X-Auth-Token': token };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (r.status === 401) {
    signedOut('Your session has ended; sign in again.');
    throw new ApiError(401, null);
  }
  const text = await r.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      json = null;
    }
  }
  if (!r.ok) throw new ApiError(r.status, json);
  return { status: r.status, json, headers: r.headers };
}

// A refused answer as an error carrying the service's own message.
async function refusal(r) {
  let body = null;
  try {
    body = await r.json();
  } catch (e) {
    body = null;
  }
  return new ApiError(r.status, body);
}

const get = async (path) => (await api('GET', path)).json;
const expanded = (path) => get(path + '?$expand=.($levels=1)');
const members = (collection) => (collection && collection.Members) || [];

// ---------------------------------------------------------------- signing in and out

async function signIn(event) {
  event.preventDefault();
  $('login-error').textContent = '';
  const user = $('username').value;
  try {
    const r = await fetch(R + '/SessionService/Sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ UserName: user, Password: $('password').value }),
    });
    if (!r.ok) {
      const refused = await refusal(r);
      $('login-error').textContent = refused.message;
      return;
    }
    token = r.headers.get('X-Auth-Token');
    sessionUri = r.headers.get('Location');
    $('password').value = '';
    privileges = await privilegesOf(user);
    $('who').textContent = user + ' (' + roleName(privileges) + ')';
    $('login').hidden = true;
    $('app').hidden = false;
    $('logout').hidden = false;
    await refresh();
    stream();
  } catch (e) {
    $('login-error').textContent = e.message;
  }
}

// The privileges of the user's role; none when they cannot be read, so no button would fail.
async function privilegesOf(user) {
  try {
    const accounts = await expanded(R + '/AccountService/Accounts');
    const mine = members(accounts).find((a) => a.UserName === user);
    if (!mine || !mine.RoleId) return new Set();
    const role = await get(R + '/AccountService/Roles/' + encodeURIComponent(mine.RoleId));
    return new Set(role.AssignedPrivileges || []);
  } catch (e) {
    return new Set();
  }
}

function roleName(p) {
  if (p.has('ConfigureManager')) return 'manages the chassis';
  if (p.has('ConfigureComponents')) return 'composes GPUs';
  return 'reads only';
}

async function signOut() {
  const uri = sessionUri;
  if (uri && token) {
    try {
      await api('DELETE', uri);
    } catch (e) {
      // signed out either way
    }
  }
  signedOut('');
}

function signedOut(why) {
  token = null;
  sessionUri = null;
  if (streamAbort) streamAbort.abort();
  $('app').hidden = true;
  $('login').hidden = false;
  $('logout').hidden = true;
  $('who').textContent = '';
  $('login-error').textContent = why;
  setStatus('offline', 'Not signed in');
}

// ---------------------------------------------------------------- the live stream

function setStatus(state, text) {
  const s = $('stream-status');
  s.dataset.state = state;
  s.textContent = text;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// The EventService's SSE stream, read with fetch so the session token travels in a header; on a
// break it reconnects with Last-Event-ID and reads everything again.
async function stream() {
  let lastId = null;
  let wait = 1000;
  let broken = false;
  while (token) {
    const abort = new AbortController();
    streamAbort = abort;
    try {
      const headers = { 'X-Auth-Token': token, Accept: 'text/event-stream' };
      if (lastId) headers['Last-Event-ID'] = lastId;
      const r = await fetch(R + '/EventService/SSE?$filter=' + encodeURIComponent(STREAM_FILTER), {
        headers,
        signal: abort.signal,
      });
      if (r.status === 401) {
        signedOut('Your session has ended; sign in again.');
        return;
      }
      if (!r.ok) throw new Error('the stream answered ' + r.status);
      setStatus('live', 'Live');
      wait = 1000;
      if (broken) scheduleRefresh();
      const reader = r.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = onFrame(frame);
          if (id) lastId = id;
        }
      }
    } catch (e) {
      if (!token) return;
    }
    if (!token) return;
    broken = true;
    setStatus('reconnecting', 'Connection lost: reconnecting…');
    await sleep(wait);
    wait = Math.min(wait * 2, 15000);
  }
}

function onFrame(frame) {
  let id = null;
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (!data) return id;
  let body;
  try {
    body = JSON.parse(data);
  } catch (e) {
    return id;
  }
  if ((body['@odata.type'] || '').startsWith('#MetricReport.')) {
    showTemperatures(body);
  } else {
    scheduleRefresh();
  }
  return id;
}

function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(async () => {
    refreshTimer = null;
    try {
      await refresh();
    } catch (e) {
      // the next event tries again
    }
  }, 200);
}

// ---------------------------------------------------------------- reading the chassis

async function refresh() {
  if (!chassisUri) {
    const chassis = members(await get(R + '/Chassis'));
    chassisUri = chassis.length ? chassis[0]['@odata.id'] : null;
  }
  const [chassis, slots, devices, sensors, zones, switches, fans, supplies, log] = await Promise.all([
    get(chassisUri),
    get(chassisUri + '/PCIeSlots'),
    expanded(chassisUri + '/PCIeDevices'),
    expanded(chassisUri + '/Sensors'),
    expanded(R + '/Fabrics/PCIe/Zones'),
    expanded(R + '/Fabrics/PCIe/Switches'),
    expanded(chassisUri + '/ThermalSubsystem/Fans'),
    expanded(chassisUri + '/PowerSubsystem/PowerSupplies'),
    eventLog(),
  ]);
  const ports = (
    await Promise.all(members(switches).map((s) => expanded(s.Ports['@odata.id'])))
  ).flatMap(members);
  view = { chassis, slots, devices, sensors, zones, switches, fans, supplies, ports, log };
  render();
}

async function eventLog() {
  const entries = R + '/Managers/BMC/LogServices/EventLog/Entries';
  const first = await get(entries + '?$top=1');
  const count = first['Members@odata.count'] || 0;
  const page = await get(entries + '?$skip=' + Math.max(0, count - 100));
  return members(page).reverse();
}

// ---------------------------------------------------------------- drawing it

function el(tag, attributes, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('data-')) e.dataset[k.slice(5)] = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

const health = (resource) =>
  (resource && resource.Status && (resource.Status.Health || resource.Status.State)) || 'Unknown';

function slotFacts(v) {
  const devices = new Map(members(v.devices).map((d) => [d['@odata.id'], d]));
  const sensors = new Map(members(v.sensors).map((s) => [s.Id, s]));
  const hostOf = new Map();
  for (const z of members(v.zones)) {
    for (const e of (z.Links && z.Links.Endpoints) || []) {
      const m = /GPU-Slot(\d+)$/.exec(e['@odata.id']);
      if (m) hostOf.set(Number(m[1]), z.Id);
    }
  }
  const portOf = new Map();
  for (const p of v.ports) {
    const label = p.Location && p.Location.PartLocation && p.Location.PartLocation.ServiceLabel;
    const m = /^Slot (\d+)$/.exec(label || '');
    if (m) portOf.set(Number(m[1]), p);
  }
  return (v.slots.Slots || []).map((s, i) => {
    const number = (s.Location && s.Location.PartLocation && s.Location.PartLocation.LocationOrdinalValue) || i + 1;
    const link = s.Links && s.Links.PCIeDevice && s.Links.PCIeDevice[0];
    const device = link ? devices.get(link['@odata.id']) : null;
    const t = sensors.get('GPU' + number + 'Temperature');
    return {
      number,
      device,
      health: device ? health(device) : 'Absent',
      temperature: t && typeof t.Reading === 'number' ? t.Reading : null,
      host: hostOf.get(number) || null,
      port: portOf.get(number) || null,
    };
  });
}

function linkText(port) {
  if (!port) return 'no port';
  if (port.LinkStatus !== 'LinkUp') return 'no link';
  const width = port.ActiveWidth || port.Width;
  const perLane = width ? port.CurrentSpeedGbps / width : 0;
  const gen = { 2.5: 1, 5: 2, 8: 3, 16: 4, 32: 5, 64: 6 }[Math.round(perLane * 10) / 10];
  return 'x' + width + (gen ? ' Gen' + gen : ' ' + port.CurrentSpeedGbps + ' Gb/s');
}

const labelOf = (port) =>
  (port.Location && port.Location.PartLocation && port.Location.PartLocation.ServiceLabel) || '';

// The host whose GPUs an inter-switch link carries, as the agent names it on the port.
const holderOf = (port) =>
  port && port.Oem && port.Oem.GpuChassisAgent ? port.Oem.GpuChassisAgent.CarriesHost || null : null;

function render() {
  const v = view;
  const canCompose = privileges.has('ConfigureComponents');
  const canManage = privileges.has('ConfigureManager');
  $('title').textContent = (v.chassis.Name || 'GPU chassis') + ' — ' + health(v.chassis);
  const facts = slotFacts(v);
  const picked = new Set(
    [...document.querySelectorAll('input.pick:checked')].map((i) => Number(i.dataset.slot)));
  $('slots').replaceChildren(...facts.map((f) => slotCard(f, canCompose, picked)));
  renderCompose(canCompose, canManage);
  renderFirmware(v, canCompose);
  renderHosts(v, facts);
  renderSwitches(v);
  renderEnvironment(v);
  renderEvents();
}

function slotCard(f, canCompose, picked) {
  const d = f.device;
  const label = 'Slot ' + f.number + ', ' + (d ? d.Model + ', health ' + f.health : 'empty');
  const card = el('article', { class: 'slot', 'data-slot': f.number, 'data-health': f.health, 'aria-label': label },
    el('h3', null, 'Slot ' + f.number, ' ', el('span', { class: 'health' }, d ? f.health : 'empty')),
    el('p', { class: 'model' }, d ? d.Model : '—'),
    el('p', { class: 'temp' }, f.temperature === null ? '' : f.temperature.toFixed(0) + ' °C'),
    el('p', { class: 'host' }, f.host ? '→ ' + f.host : d ? 'free' : ''),
    el('p', { class: 'link' }, d ? linkText(f.port) : ''));
  if (d && d.LocationIndicatorActive) card.append(el('p', { class: 'locate' }, 'locating'));
  const latched = d && d.Oem && d.Oem.GpuChassisAgent && d.Oem.GpuChassisAgent.OverTemperatureLatched;
  if (latched) card.append(el('p', { class: 'latched' }, 'powered off: over temperature'));
  if (d && d.ReadyToRemove) card.append(el('p', { class: 'ready' }, 'ready to remove'));
  if (!canCompose || !d) return card;
  const actions = el('div', { class: 'actions' });
  if (!f.host) {
    actions.append(el('label', { class: 'pick-label' },
      el('input', { type: 'checkbox', class: 'pick', 'data-slot': f.number, checked: picked.has(f.number),
        'aria-label': 'Pick slot ' + f.number }), ' pick'));
  } else if (!d.ReadyToRemove) {
    actions.append(action('Ready to remove', 'Mark slot ' + f.number + ' ready to remove',
      () => patch(d['@odata.id'], { ReadyToRemove: true }, 'Slot ' + f.number + ' is ready to remove.')));
  } else {
    actions.append(action('Release', 'Release slot ' + f.number + ' from ' + f.host, () => release(f)));
  }
  actions.append(action(d.LocationIndicatorActive ? 'Stop locating' : 'Locate',
    (d.LocationIndicatorActive ? 'Stop locating' : 'Locate') + ' slot ' + f.number,
    () => patch(d['@odata.id'], { LocationIndicatorActive: !d.LocationIndicatorActive }, '')));
  const clear = d.Actions && d.Actions.Oem && d.Actions.Oem['#GpuChassisAgent.ClearOverTemperatureLatch'];
  if (latched && clear) {
    actions.append(action('Clear latch', 'Clear the over-temperature latch of slot ' + f.number,
      () => run('POST', clear.target, {}, 'The latch of slot ' + f.number + ' is cleared.')));
  }
  card.append(actions);
  return card;
}

function action(text, label, onclick) {
  return el('button', { type: 'button', class: 'action', 'aria-label': label, onclick }, text);
}

function renderCompose(canCompose, canManage) {
  $('compose').hidden = !canCompose;
  if (!canCompose) return;
  const select = $('compose-host');
  const chosen = select.value;
  const hosts = members(view.zones).map((z) => z.Id).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  select.replaceChildren(...hosts.map((h) => el('option', { value: h, selected: h === chosen }, h)));
  for (const id of ['preview-button', 'apply-button']) $(id).hidden = !canManage || (id === 'apply-button' && !reservationId);
}

function renderFirmware(v, canCompose) {
  $('firmware').hidden = !canCompose;
  if (!canCompose) return;
  const select = $('firmware-target');
  const chosen = select.value;
  select.replaceChildren(...members(v.switches).map((s) => el('option', { value: s.Id, selected: s.Id === chosen }, s.Id)));
}

async function updateFirmware() {
  const file = $('firmware-file').files[0];
  const target = $('firmware-target').value;
  if (!file || !target) {
    say('Choose a switch and a signed firmware bundle.', true);
    return;
  }
  const progress = $('firmware-progress');
  const state = $('firmware-state');
  try {
    const service = await get(R + '/UpdateService');
    const form = new FormData();
    form.append('UpdateParameters', new Blob(
      [JSON.stringify({ Targets: [R + '/UpdateService/FirmwareInventory/' + target] })],
      { type: 'application/json' }));
    form.append('UpdateFile', file, file.name);
    state.textContent = 'Sending ' + file.name + '…';
    const r = await fetch(service.MultipartHttpPushUri, { method: 'POST', headers: { 'X-Auth-Token': token }, body: form });
    if (r.status !== 202) {
      throw await refusal(r);
    }
    const task = r.headers.get('Location').replace('/TaskMonitors/', '/Tasks/');
    progress.hidden = false;
    // The task's progress, read each second while it runs: an update takes minutes, not events.
    for (;;) {
      const t = await get(task);
      progress.value = t.PercentComplete || 0;
      const last = (t.Messages || []).slice(-1)[0];
      state.textContent = t.TaskState + (last ? ': ' + last.Message : '');
      if (!['New', 'Starting', 'Running', 'Pending', 'Stopping', 'Cancelling'].includes(t.TaskState)) break;
      await sleep(1000);
    }
  } catch (e) {
    state.textContent = e.message;
  }
  scheduleRefresh();
}

function renderHosts(v, facts) {
  const byHost = new Map();
  for (const f of facts) if (f.host) byHost.set(f.host, [...(byHost.get(f.host) || []), f.number]);
  $('hosts').replaceChildren(...members(v.zones).map((z) => {
    const gpus = byHost.get(z.Id) || [];
    const port = v.ports.find((p) => p.PortType === 'UpstreamPort' && labelOf(p) === z.Id);
    return el('article', { class: 'card', 'data-host': z.Id, 'data-health': health(z) },
      el('h3', null, z.Id),
      el('p', null, 'cable: ' + linkText(port)),
      el('p', null, gpus.length ? 'GPUs in slots ' + gpus.join(', ') : 'no GPU'));
  }));
}

function renderSwitches(v) {
  $('switches').replaceChildren(...members(v.switches).map((s) => {
    const own = v.ports.filter((p) => p['@odata.id'].startsWith(s['@odata.id'] + '/'));
    const isl = own.filter((p) => p.PortType === 'InterswitchPort');
    const up = own.filter((p) => p.PortType === 'UpstreamPort');
    return el('article', { class: 'card', 'data-health': health(s) },
      el('h3', null, s.Id + ' ', el('span', { class: 'health' }, health(s))),
      el('p', null, s.Model || ''),
      el('ul', null,
        ...up.map((p) => el('li', null, (labelOf(p) || 'host') + ' (port ' + p.Id + '): ' + linkText(p))),
        ...isl.map((p) => {
          const far = p.Links && p.Links.ConnectedSwitches && p.Links.ConnectedSwitches[0];
          const to = far ? far['@odata.id'].split('/').pop() : '?';
          const holder = holderOf(p);
          return el('li', null, 'to ' + to + ' (port ' + p.Id + '): ' + linkText(p) +
            (holder ? ', held by ' + holder : ', free'));
        })));
  }));
}

function renderEnvironment(v) {
  const sensors = members(v.sensors);
  const air = sensors.filter((s) => s.PhysicalContext === 'Intake' || s.PhysicalContext === 'Exhaust');
  $('environment').replaceChildren(
    ...air.map((s) => el('article', { class: 'card', 'data-health': health(s) },
      el('h3', null, s.Name), el('p', null, typeof s.Reading === 'number' ? s.Reading.toFixed(1) + ' °C' : 'no reading'))),
    ...members(v.fans).map((f) => el('article', { class: 'card', 'data-health': health(f) },
      el('h3', null, f.Name || f.Id, ' ', el('span', { class: 'health' }, health(f))),
      el('p', null, f.SpeedPercent && typeof f.SpeedPercent.SpeedRPM === 'number' ? f.SpeedPercent.SpeedRPM + ' RPM' : ''))),
    ...members(v.supplies).map((p) => el('article', { class: 'card', 'data-health': health(p) },
      el('h3', null, p.Name || p.Id, ' ', el('span', { class: 'health' }, health(p))),
      el('p', null, p.Model || ''))));
}

function renderEvents() {
  const severity = $('event-severity').value;
  const text = $('event-text').value.toLowerCase();
  const rows = view.log
    .filter((e) => !severity || e.Severity === severity)
    .filter((e) => !text || (e.Message || '').toLowerCase().includes(text))
    .slice(0, 50)
    .map((e) => el('tr', { 'data-severity': e.Severity || '' },
      el('td', null, (e.Created || '').replace('T', ' ').replace(/\.\d+/, '')),
      el('td', null, e.Severity || ''),
      el('td', null, e.Message || '')));
  $('events').tBodies[0].replaceChildren(...rows);
}

function showTemperatures(report) {
  if (!view) return;
  for (const value of report.MetricValues || []) {
    const m = /Sensors\/GPU(\d+)Temperature#/.exec(value.MetricProperty || '');
    const card = m && document.querySelector('article.slot[data-slot="' + m[1] + '"] .temp');
    if (card) card.textContent = Number(value.MetricValue).toFixed(0) + ' °C';
  }
}

// ---------------------------------------------------------------- changing it

function say(text, bad) {
  const m = $('message');
  m.textContent = text;
  m.dataset.bad = bad ? 'true' : 'false';
}

async function patch(uri, body, done) {
  await run('PATCH', uri, body, done);
}

// One write; a 202 is followed on its task monitor to its end.
async function run(method, uri, body, done) {
  try {
    const r = await api(method, uri, body);
    if (r.status === 202) {
      say('Working…', false);
      await follow(r.headers.get('Location'));
    }
    if (done) say(done, false);
  } catch (e) {
    if (e.status !== 401) say(e.message, true);
  }
  scheduleRefresh();
}

async function follow(monitor) {
  for (let i = 0; i < 240 && token; i++) {
    const r = await fetch(monitor, { headers: { 'X-Auth-Token': token, Accept: 'application/json' } });
    if (r.status !== 202) {
      if (!r.ok) {
        throw await refusal(r);
      }
      return;
    }
    await sleep(500);
  }
}

const block = (id) => ({ '@odata.id': R + '/CompositionService/ResourceBlocks/' + id });

async function composePicked() {
  const host = $('compose-host').value;
  const slots = [...document.querySelectorAll('input.pick:checked')].map((i) => Number(i.dataset.slot));
  if (!host || !slots.length) {
    say('Tick one or more free GPUs and choose a host.', true);
    return;
  }
  const hasGpus = slotFacts(view).some((f) => f.host === host);
  if (!hasGpus) {
    await run('POST', R + '/Systems',
      { Links: { ResourceBlocks: [block(host), ...slots.map((s) => block('GPU-Slot' + s))] } },
      'Slots ' + slots.join(', ') + ' are composed into ' + host + '.');
    return;
  }
  for (const s of slots) {
    await run('POST', R + '/Systems/' + host + '/Actions/ComputerSystem.AddResourceBlock',
      { ResourceBlock: block('GPU-Slot' + s) }, 'Slot ' + s + ' is added to ' + host + '.');
  }
}

async function release(f) {
  await run('POST', R + '/Systems/' + f.host + '/Actions/ComputerSystem.RemoveResourceBlock',
    { ResourceBlock: block('GPU-Slot' + f.number) }, 'Slot ' + f.number + ' is released from ' + f.host + '.');
}

function constrained() {
  const request = {
    Links: { ResourceBlocks: [block($('compose-host').value)] },
    Processors: { Members: [{ ProcessorType: 'GPU', '@Redfish.RequestedCount': Number($('compose-count').value) }] },
  };
  if ($('compose-same-switch').checked) request.Oem = { GpuChassisAgent: { PeerToPeer: 'SameSwitch' } };
  return request;
}

async function previewAndReserve() {
  try {
    const r = await api('POST', R + '/CompositionService/Actions/CompositionService.Compose', {
      RequestType: 'PreviewReserve',
      RequestFormat: 'Manifest',
      Manifest: { Stanzas: [{ StanzaType: 'ComposeSystem', StanzaId: 'page', Request: constrained() }] },
    });
    reservationId = r.json.ReservationId || null;
    const stanza = r.json.Manifest && r.json.Manifest.Stanzas && r.json.Manifest.Stanzas[0];
    const blocks = (stanza && stanza.Response && stanza.Response.Links && stanza.Response.Links.ResourceBlocks) || [];
    const gpus = blocks.map((b) => b['@odata.id'].split('/').pop()).filter((b) => b.startsWith('GPU-'));
    $('preview').textContent = 'The chassis would choose ' + (gpus.join(', ') || 'nothing') +
      (reservationId ? '; they are reserved for you (reservation ' + reservationId + ').' : '.');
  } catch (e) {
    reservationId = null;
    $('preview').textContent = e.message;
  }
  render();
}

async function applyReservation() {
  if (!reservationId) return;
  const id = reservationId;
  reservationId = null;
  await run('POST', R + '/CompositionService/Actions/CompositionService.Compose',
    { RequestType: 'Apply', ReservationId: id }, 'The reservation is applied.');
  $('preview').textContent = '';
}

document.addEventListener('DOMContentLoaded', () => {
  $('login-form').addEventListener('submit', signIn);
  $('logout').addEventListener('click', signOut);
  $('compose-button').addEventListener('click', composePicked);
  $('preview-button').addEventListener('click', previewAndReserve);
  $('apply-button').addEventListener('click', applyReservation);
  $('firmware-button').addEventListener('click', updateFirmware);
  $('event-severity').addEventListener('change', () => view && renderEvents());
  $('event-text').addEventListener('input', () => view && renderEvents());
});
