// The presenter's target length field: how long this sermon should last, in minutes (stored with
// the sermon in seconds; the stage view counts down to it). An empty field clears the target.
import { $, api, failInto } from "/static/api.js";

const params = new URLSearchParams(location.search);
const path = `/api/sharesynch/series/${encodeURIComponent(params.get("series") ?? "")}/sermons/${encodeURIComponent(params.get("sermon") ?? "")}/target`;
const field = $("target-minutes");
const fail = failInto("target-error");

/** Seconds as the field shows them: whole minutes, or minutes with up to two decimals. */
const minutes = (seconds) => (seconds == null ? "" : String(Math.round((seconds / 60) * 100) / 100));

if (params.has("series") && params.has("sermon")) {
  api("GET", path).then(({ seconds }) => { field.value = minutes(seconds); }).catch(fail);
}

field.addEventListener("change", async () => {
  const seconds = field.value === "" ? null : Math.round(Number(field.value) * 60);
  try {
    const saved = await api("PUT", path, { seconds });
    field.value = minutes(saved.seconds);
    fail(null);
  } catch (error) {
    fail(error);
  }
});
