// Key It's team sync status on every Key It page of a Bible that joined a team: the server words
// the line (last sync, changes not sent, hub reachable, conflicts waiting); polled every 3 seconds.
// When a sync has finished since the last poll, the page hears "keyit:synced" (the editor then
// takes the text other devices changed).
import { $, api } from "/static/api.js";

const line = $("team-status");
const path = `/api/keyit/bibles/${line.dataset.bible}/team`;

async function refresh() {
  try {
    const { joined, status, summary } = await api("GET", path);
    line.hidden = !joined;
    if (!joined) return;
    line.textContent = summary;
    line.dataset.reachable = String(status.reachable);
    line.dataset.unsent = String(status.unsent);
    line.dataset.conflicts = String(status.openConflicts);
    const lastSync = String(status.lastSync ?? "");
    if (line.dataset.lastSync !== undefined && line.dataset.lastSync !== lastSync) {
      document.dispatchEvent(new Event("keyit:synced"));
    }
    line.dataset.lastSync = lastSync;
  } catch {
    // This server is away (the page stays as it was); the next poll tries again.
  }
}

refresh();
setInterval(refresh, 3000);
