-- wrk script of `npm run soak` (bench/soak.ts): a mix of reads and token-authenticated unit edits on one translation.
-- Settings come from the environment because wrk passes no arguments to setup: SOAK_TOKEN, SOAK_IDS_FILE (one unit
-- id a line), SOAK_PATH (api/translations/<p>/<c>/<lang>), SOAK_WRITE_PERCENT.

local token = os.getenv("SOAK_TOKEN")
local ids_file = os.getenv("SOAK_IDS_FILE")
local translation = os.getenv("SOAK_PATH")
local write_percent = tonumber(os.getenv("SOAK_WRITE_PERCENT") or "15")
local pages = tonumber(os.getenv("SOAK_PAGES") or "100")

local ids = {}
for line in io.lines(ids_file) do
  ids[#ids + 1] = line
end

local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  threads[#threads + 1] = thread
end

local auth = "Token " .. token
-- Global: done() reads it from each thread with thread:get.
counts = { read = 0, write = 0, non2xx = 0, first_bad = "" }
local states = { 0, 10, 20, 20, 30 }
local words = { "okno", "soubor", "uložit", "zavřít", "nastavení", "<b>tučně</b>", "100 %", "řetězec" }

function init(args)
  math.randomseed(os.time() + id * 7919)
end

local function read_request()
  local r = math.random(100)
  local path
  if r <= 45 then
    path = "/api/units/" .. ids[math.random(#ids)] .. "/"
  elseif r <= 70 then
    path = "/" .. translation .. "/units/?page_size=100&page=" .. math.random(pages)
  elseif r <= 85 then
    path = "/" .. translation .. "/statistics/"
  else
    -- A substring of the generated sources; the number makes the trigram lookup differ request by request.
    path = "/" .. translation .. "/units/?page_size=20&q=" .. "source%3A%22number%20" .. math.random(9999) .. "%22"
  end
  return wrk.format("GET", path, { ["Authorization"] = auth, ["Accept"] = "application/json" })
end

local function write_request()
  local state = states[math.random(#states)]
  local target = ""
  if state > 0 then
    target = words[math.random(#words)] .. " " .. math.random(1000000)
  end
  local body = string.format('{"target":["%s"],"state":%d}', target, state)
  local path = "/api/units/" .. ids[math.random(#ids)] .. "/"
  return wrk.format("PATCH", path, { ["Authorization"] = auth, ["Content-Type"] = "application/json" }, body)
end

function request()
  if math.random(100) <= write_percent then
    counts.write = counts.write + 1
    return write_request()
  end
  counts.read = counts.read + 1
  return read_request()
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    counts.non2xx = counts.non2xx + 1
    if counts.first_bad == "" then
      counts.first_bad = status .. " " .. string.sub(body or "", 1, 200)
    end
  end
end

function done(summary, latency, requests)
  local read, write, non2xx, first_bad = 0, 0, 0, ""
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    read = read + c.read
    write = write + c.write
    non2xx = non2xx + c.non2xx
    if first_bad == "" then first_bad = c.first_bad end
  end
  local e = summary.errors
  io.write(string.format(
    'SOAK_RESULT {"requests":%d,"duration_us":%d,"reads":%d,"writes":%d,"non2xx":%d,"first_bad":"%s",' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency_ms":{"p50":%.2f,"p90":%.2f,"p99":%.2f,"max":%.2f}}\n',
    summary.requests, summary.duration, read, write, non2xx, (first_bad:gsub('[%c"\\]', " ")),
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
