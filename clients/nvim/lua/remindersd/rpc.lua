-- JSON-RPC 2.0 client for remindersd over a child process's stdio, with LSP
-- `Content-Length` framing written by hand on vim.loop (libuv) pipes.
--
-- Works on Neovim 0.7: only vim.loop, vim.json and vim.schedule are used.

local uv = vim.loop

local M = {}

local Client = {}
Client.__index = Client

local function decode(text)
  return vim.json.decode(text, { luanil = { object = true, array = true } })
end

local function encode(value)
  return vim.json.encode(value)
end

--- Every remindersd method takes an object, but Lua's {} encodes as []: an empty table is {}.
local function as_params(params)
  if params == nil or (type(params) == 'table' and next(params) == nil) then
    return vim.empty_dict()
  end
  return params
end

--- Frames a JSON text for the wire (LSP base protocol).
function M.frame(json)
  return 'Content-Length: ' .. #json .. '\r\n\r\n' .. json
end

--- A new, not yet started client.
--- opts.cmd: argv list; opts.on_notification(method, params); opts.on_exit(code, signal, stderr_tail)
function M.new(opts)
  local self = setmetatable({}, Client)
  self.cmd = opts.cmd
  self.on_notification = opts.on_notification or function() end
  self.on_exit = opts.on_exit or function() end
  self.next_id = 0
  self.pending = {} -- id -> callback(err, result)
  self.buffer = ''
  self.stderr_lines = {}
  self.notifications = {} -- method -> count received, for tests and :RemindersStatus
  self.running = false
  return self
end

--- Starts the process. Returns true, or false and a message.
function Client:start()
  local stdin, stdout, stderr = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  local args = {}
  for i = 2, #self.cmd do
    args[#args + 1] = self.cmd[i]
  end
  local handle, pid_or_err
  handle, pid_or_err = uv.spawn(self.cmd[1], {
    args = args,
    stdio = { stdin, stdout, stderr },
    -- setsid(): the server gets no controlling terminal, so it can never put a consent
    -- prompt on the terminal Neovim is drawing on.
    detached = true,
  }, function(code, signal)
    self.running = false
    stdout:read_stop()
    stderr:read_stop()
    for _, pipe in ipairs({ stdin, stdout, stderr }) do
      if not pipe:is_closing() then
        pipe:close()
      end
    end
    if handle and not handle:is_closing() then
      handle:close()
    end
    local pending = self.pending
    self.pending = {}
    vim.schedule(function()
      for _, callback in pairs(pending) do
        callback({ code = -1, message = 'remindersd exited (status ' .. tostring(code) .. ')' }, nil)
      end
      self.on_exit(code, signal, table.concat(self.stderr_lines, '\n'))
    end)
  end)
  if not handle then
    for _, pipe in ipairs({ stdin, stdout, stderr }) do
      pipe:close()
    end
    return false, tostring(pid_or_err)
  end
  self.handle, self.pid = handle, pid_or_err
  self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
  self.running = true
  stdout:read_start(function(err, data)
    if data then
      self:_feed(data)
    end
  end)
  local partial = ''
  stderr:read_start(function(err, data)
    if not data then
      return
    end
    partial = partial .. data
    for line in partial:gmatch('([^\n]*)\n') do
      table.insert(self.stderr_lines, line)
      if #self.stderr_lines > 50 then
        table.remove(self.stderr_lines, 1)
      end
    end
    partial = partial:match('[^\n]*$')
  end)
  return true
end

--- Feeds bytes read from the server into the frame decoder. Public so that tests can inject
--- raw frames (e.g. a `storeChanged` notification) through the same path as real output.
---
--- Both framings are accepted at every message boundary: LSP frames, and a JSON line
--- starting with `{` or `[` (remindersd builds before commit 90fdea4 could answer the first
--- LSP request in NDJSON).
function Client:_feed(data)
  self.buffer = self.buffer .. data
  while true do
    local buf = self.buffer
    local start = buf:find('[^ \t\r\n]')
    if not start then
      self.buffer = ''
      return
    end
    local first = buf:sub(start, start)
    if first == '{' or first == '[' then
      local nl = buf:find('\n', start, true)
      if not nl then
        self.buffer = buf:sub(start)
        return
      end
      self.buffer = buf:sub(nl + 1)
      self:_handle_text(buf:sub(start, nl - 1))
    else
      local header_end, body_start = buf:find('\r?\n\r?\n', start)
      if not header_end then
        if #buf - start > 65536 then
          self.buffer = '' -- garbage without a header end; drop it
        else
          self.buffer = buf:sub(start)
        end
        return
      end
      local headers = buf:sub(start, header_end - 1)
      local length
      for line in (headers .. '\n'):gmatch('([^\r\n]*)\r?\n') do
        local name, value = line:match('^%s*([^:]+):%s*(.-)%s*$')
        if name and name:lower() == 'content-length' then
          length = tonumber(value)
        end
      end
      if not length then
        self.buffer = buf:sub(body_start + 1) -- skip a header block without a length
      else
        if #buf - body_start < length then
          self.buffer = buf:sub(start)
          return
        end
        self.buffer = buf:sub(body_start + 1 + length)
        self:_handle_text(buf:sub(body_start + 1, body_start + length))
      end
    end
  end
end

function Client:_handle_text(text)
  local ok, message = pcall(decode, text)
  if not ok or type(message) ~= 'table' then
    return
  end
  if vim.tbl_islist(message) and message[1] ~= nil then
    for _, m in ipairs(message) do
      self:_handle(m)
    end
  else
    self:_handle(message)
  end
end

function Client:_handle(message)
  if message.method then
    if message.id == nil then
      self.notifications[message.method] = (self.notifications[message.method] or 0) + 1
      vim.schedule(function()
        self.on_notification(message.method, message.params or {})
      end)
    end
    -- remindersd sends no requests; anything else with a method is ignored.
    return
  end
  local callback = message.id ~= nil and self.pending[message.id]
  if callback then
    self.pending[message.id] = nil
    vim.schedule(function()
      callback(message.error, message.result)
    end)
  end
end

function Client:_send(message)
  if not self.running then
    return false
  end
  self.stdin:write(M.frame(encode(message)))
  return true
end

--- Sends a request; callback(err, result) runs on the main loop. Returns the id.
function Client:request(method, params, callback)
  self.next_id = self.next_id + 1
  local id = self.next_id
  self.pending[id] = callback or function() end
  local sent = self:_send({ jsonrpc = '2.0', id = id, method = method, params = as_params(params) })
  if not sent then
    local cb = self.pending[id]
    self.pending[id] = nil
    vim.schedule(function()
      cb({ code = -1, message = 'remindersd is not running' }, nil)
    end)
  end
  return id
end

--- Sends a request and waits for its answer: returns result, err.
function Client:request_sync(method, params, timeout_ms)
  local done, err, result = false, nil, nil
  self:request(method, params, function(e, r)
    done, err, result = true, e, r
  end)
  if not vim.wait(timeout_ms or 10000, function()
    return done
  end, 5) then
    return nil, { code = -2, message = 'timed out waiting for ' .. method }
  end
  return result, err
end

function Client:notify(method, params)
  return self:_send({ jsonrpc = '2.0', method = method, params = as_params(params) })
end

--- LSP-style stop: shutdown, exit, close stdin (end of input alone also ends the server).
function Client:stop()
  if not self.running then
    return
  end
  self:request('shutdown', vim.empty_dict(), function() end)
  self:notify('exit')
  self.stdin:shutdown()
end

M.Client = Client
return M
