-- remindersd.nvim: your reminders (remindersd, an EventKit-compatible store) in Neovim.
--
--   require('remindersd').setup{ store = '~/notes/reminders.sqlite' }
--   :Reminders  :RemindersAdd {title}  :RemindersCapture  :RemindersStatus  :RemindersStop

local rpc = require('remindersd.rpc')

local M = {}

-- The remindersd installed with this plugin (scripts/install writes its path here); from a
-- checkout, remindersd on PATH.
M.installed_bin = 'remindersd'

local defaults = {
  -- argv of the server; nil: { $REMINDERSD_BIN or the installed remindersd, 'serve', '--no-consent-prompt' }
  cmd = nil,
  -- the store file (passed as --store); nil: the server's default (REMINDERSD_STORE or XDG data dir)
  store = nil,
  -- a program that asks you for consent when the plugin calls requestAccess (--consent-agent)
  consent_agent = nil,
  -- the identity remindersd authorizes (clientInfo.name)
  client_name = 'remindersd.nvim',
  -- IANA zone for floating and all-day dates; nil: the server's zone
  time_zone = nil,
  -- call requestAccess when the client is not yet authorized
  request_access = true,
  usage_description = 'Shows your reminders in Neovim, toggles them and captures TODO comments as reminders.',
  -- hear the alarms `remindersd agent` fires (alarmFired): a message, and a choice to complete or snooze
  alarms = true,
  snooze_minutes = 10,
  -- a reminder added with a due time rings then (an alarm at the due time, as in Apple's Reminders
  -- app) unless it brings alarms of its own; false: only the alarms it brings
  alarm_at_due_time = true,
  -- how :Reminders opens the list when it is not visible yet
  open_cmd = 'split',
  -- comment keywords :RemindersCapture recognizes, and the priority each gets (0 none, 1 highest)
  capture_keywords = { 'TODO', 'FIXME' },
  capture_priority = { FIXME = 1 },
  -- title of the list captured reminders go to; nil: the default list (created when missing)
  capture_list = nil,
  -- the list buffer's keys
  keys = {
    toggle = '<CR>',
    add = 'a',
    due = 'd',
    recurrence = 'R',
    undo = 'u',
    open = 'o',
    refresh = 'r',
    close = 'q',
  },
}

M.config = vim.deepcopy(defaults)

-- state: 'stopped' | 'starting' | 'ready'
local state = { status = 'stopped', waiting = {}, client = nil, auth = nil, server = nil }
M._state = state

local function notify(msg, level)
  vim.notify('remindersd: ' .. msg, level or vim.log.levels.INFO)
end
M._notify = notify

--- Configures the plugin; a server started with the previous configuration is stopped, the
--- next command starts one with this one.
function M.setup(opts)
  if state.client then
    M.stop()
  end
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  if opts and opts.capture_keywords then
    M.config.capture_keywords = opts.capture_keywords -- lists replace, not merge
  end
  require('remindersd.commands').define()
  return M
end

--- The server's argv as configured.
function M.command()
  local c = M.config
  local cmd
  if c.cmd then
    cmd = vim.deepcopy(c.cmd)
  else
    local bin = vim.env.REMINDERSD_BIN
    if bin == nil or bin == '' then
      bin = M.installed_bin
    end
    cmd = { bin, 'serve', '--no-consent-prompt' }
  end
  if c.store and not vim.tbl_contains(cmd, '--store') then
    vim.list_extend(cmd, { '--store', vim.fn.expand(c.store) })
  end
  if c.consent_agent and not vim.tbl_contains(cmd, '--consent-agent') then
    vim.list_extend(cmd, { '--consent-agent', c.consent_agent })
  end
  return cmd
end

local function shell_quote(s)
  if s:match('^[%w%._/:@%%+=,-]+$') then
    return s
  end
  return vim.fn.shellescape(s)
end

--- The shell command that grants this client access, for messages: for this name run by Neovim
--- itself (the program that starts the server), so it works whether or not it has asked before.
function M.grant_hint()
  local hint = 'remindersd permissions set ' .. shell_quote(M.config.client_name) .. ' fullAccess --program '
    .. shell_quote(vim.fn.resolve(vim.v.progpath))
  if M.config.store then
    hint = hint .. ' --store ' .. shell_quote(vim.fn.expand(M.config.store))
  end
  return hint
end

--- What to do about a client without access, as the list shows it.
function M.unauthorized_message(status)
  status = status or (state.auth or 'unknown')
  local lines = {
    string.format('%s may not read your reminders (status: %s). To grant it access, run in a shell:', M.config.client_name, status),
    '    ' .. M.grant_hint(),
  }
  if status == 'notDetermined' then
    vim.list_extend(lines, {
      'Or have remindersd ask you, then press r here:',
      '    remindersd permissions consent-agent --desktop   (a notification with Allow and Deny)',
      '    remindersd permissions consent-agent --terminal  (then, in a terminal: remindersd permissions listen)',
    })
  end
  table.insert(lines, 'This list redraws by itself once access is granted.')
  return table.concat(lines, '\n')
end

--- Asks the owner for access (their consent agent, if they recorded one) when this client was
--- never decided on; callback(status).
function M.ask_for_access(client, callback)
  client:request('requestAccess', {
    entityType = 'reminder',
    level = 'full',
    usageDescription = M.config.usage_description,
  }, function(rerr, granted)
    if not rerr and granted then
      state.auth = granted.status
    end
    callback(state.auth)
  end)
end

--- True for a -32010 "not authorized" error.
function M.is_unauthorized(err)
  return type(err) == 'table' and err.code == -32010
end

--- A readable message for a JSON-RPC error.
function M.error_message(err)
  if M.is_unauthorized(err) then
    local status = err.data and err.data.status
    if status then
      state.auth = status
    end
    return M.unauthorized_message(status)
  end
  local msg = (err and err.message) or 'unknown error'
  local field = err and err.data and err.data.field
  if field then
    local prefix = field .. ': '
    if msg:sub(1, #prefix) == prefix then
      -- The message names the field already; the words a person typed (a date or a repetition:
      -- "text") need no name at all.
      if field == 'text' then
        msg = msg:sub(#prefix + 1)
      end
    else
      msg = msg .. ' [' .. field .. (err.data.reason and (', ' .. err.data.reason) or '') .. ']'
    end
  end
  return msg
end

local function finish_start(err)
  local waiting = state.waiting
  state.waiting = {}
  if err then
    state.status = 'stopped'
    if state.client then
      state.client:stop()
    end
    state.client = nil
  else
    state.status = 'ready'
  end
  for _, cb in ipairs(waiting) do
    cb(err, state.client)
  end
end

local function on_notification(method, params)
  if method == 'storeChanged' then
    require('remindersd.view').schedule_refresh()
  elseif method == 'authorizationChanged' then
    if params and params.status then
      state.auth = params.status
    end
    require('remindersd.view').schedule_refresh()
  elseif method == 'alarmFired' then
    require('remindersd.alarm').show(M, params or {})
  end
end

local function on_exit(client, code, signal, stderr)
  if state.client ~= client then
    return
  end
  local was = state.status
  state.client, state.status = nil, 'stopped'
  local how = (signal and signal ~= 0) and ('killed by signal ' .. signal) or ('status ' .. tostring(code))
  if was == 'ready' then
    local tail = stderr ~= '' and ('\n' .. stderr) or ''
    notify('server exited (' .. how .. '); the next command restarts it' .. tail, vim.log.levels.WARN)
  end
  if #state.waiting > 0 then
    finish_start({ code = -1, message = 'remindersd exited (' .. how .. ')' .. (stderr ~= '' and (': ' .. stderr) or '') })
  end
end

--- Calls callback(err, client) once the server runs, is initialized and authorization
--- was checked (and requested if needed). A client without access still gets a client:
--- the status is read on every call, so a grant made meanwhile takes effect at once.
function M.connect(callback)
  callback = callback or function() end
  if state.status == 'ready' and state.client and state.client.running then
    return callback(nil, state.client)
  end
  table.insert(state.waiting, callback)
  if state.status == 'starting' then
    return
  end
  state.status = 'starting'
  local cmd = M.command()
  if vim.fn.executable(cmd[1]) ~= 1 then
    return finish_start({
      code = -1,
      message = 'cannot run ' .. cmd[1] .. ': set $REMINDERSD_BIN or setup{ cmd = {...} }',
    })
  end
  local client
  client = rpc.new({
    cmd = cmd,
    on_notification = on_notification,
    on_exit = function(code, signal, stderr)
      on_exit(client, code, signal, stderr)
    end,
  })
  local ok, err = client:start()
  if not ok then
    return finish_start({ code = -1, message = 'cannot start ' .. cmd[1] .. ': ' .. err })
  end
  state.client = client
  local params = {
    clientInfo = { name = M.config.client_name, version = '0.1.0' },
    processId = vim.fn.getpid(),
    capabilities = { alarms = M.config.alarms and true or false },
  }
  if M.config.time_zone then
    params.timeZone = M.config.time_zone
  end
  client:request('initialize', params, function(ierr, result)
    if ierr then
      return finish_start(ierr)
    end
    state.server = result
    client:notify('initialized')
    client:request('authorizationStatus', { entityType = 'reminder' }, function(aerr, auth)
      if aerr then
        return finish_start(aerr)
      end
      state.auth = auth.status
      if auth.status == 'fullAccess' or not M.config.request_access
        or auth.status == 'denied' or auth.status == 'restricted' then
        return finish_start(nil)
      end
      M.ask_for_access(client, function()
        finish_start(nil)
      end)
    end)
  end)
end

--- Sends a request once connected; callback(err, result).
function M.request(method, params, callback)
  M.connect(function(err, client)
    if err then
      return callback(err, nil)
    end
    client:request(method, params, callback)
  end)
end

--- Synchronous request (waits up to timeout_ms): returns result, err.
function M.request_sync(method, params, timeout_ms)
  local done, rerr, res = false, nil, nil
  M.request(method, params, function(e, r)
    done, rerr, res = true, e, r
  end)
  if not vim.wait(timeout_ms or 15000, function()
    return done
  end, 5) then
    return nil, { code = -2, message = 'timed out waiting for ' .. method }
  end
  return res, rerr
end

--- The running rpc client, or nil.
function M.client()
  return state.client
end

--- The last known authorization status of this client.
function M.auth_status()
  return state.auth
end

function M.stop()
  local client = state.client
  state.client, state.status = nil, 'stopped'
  if client then
    client:stop()
  end
end

--- :Reminders
function M.open()
  require('remindersd.view').open()
end

-- saveReminder as a person expects it: a due time rings then (alarm_at_due_time) unless the
-- reminder brings alarms of its own; the list is refreshed. callback(err, reminder).
local function save_for_a_person(reminder, callback)
  local params = { reminder = reminder }
  if M.config.alarm_at_due_time and reminder.alarms == nil then
    params.alarmAtDueTime = true
  end
  M.request('saveReminder', params, function(err, result)
    if not err then
      require('remindersd.view').schedule_refresh()
    end
    callback(err, result and result.reminder)
  end)
end

--- Creates a reminder; reminder is a title or a Reminder table. callback(err, reminder).
function M.add(reminder, callback)
  if type(reminder) == 'string' then
    reminder = { title = reminder }
  end
  callback = callback or function(err, saved)
    if err then
      notify(M.error_message(err), vim.log.levels.ERROR)
    else
      notify('added “' .. saved.title .. '”')
    end
  end
  if not reminder.title or not reminder.title:match('%S') then
    return callback({ code = -32602, message = 'a reminder needs a title' })
  end
  save_for_a_person(reminder, callback)
end

--- Reads a date as a person says it ("tomorrow 9am", "in 3 days", "end of month") through the
--- server's grammar, the one every front end shares. callback(err, reading) with reading's
--- dateComponents, allDay, text ("Mon 2026-12-07 09:00 (floating)") and note.
function M.interpret_date(text, callback)
  M.request('interpretDate', { text = text }, callback)
end

-- Sets one field of a reminder to what a person said: `interpret` reads the words (the server's
-- grammar), `value` makes the field of what it read; "none" or "" saves `none`.
-- callback(err, reminder, reading).
local function set_as_said(identifier, field, text, interpret, value, none, callback)
  local function save(v, reading)
    save_for_a_person({ calendarItemIdentifier = identifier, [field] = v }, function(err, saved)
      callback(err, saved, reading)
    end)
  end
  text = vim.trim(text or '')
  if text == '' or text:lower() == 'none' then
    return save(none, nil)
  end
  interpret(text, function(err, reading)
    if err then
      return callback(err)
    end
    save(value(reading), reading)
  end)
end

--- Gives a reminder the due date a person said ("none" or "" takes it away); a time rings then
--- as add() does. callback(err, reminder, reading).
function M.set_due(identifier, text, callback)
  set_as_said(identifier, 'dueDateComponents', text, M.interpret_date, function(reading)
    return reading.dateComponents
  end, vim.NIL, callback)
end

--- Reads how often, as a person says it ("every monday", "every 2 weeks", "every month on the
--- 1st", "every weekday"), through the server's grammar. callback(err, rule, reading) with the
--- recurrence rule (its rrule among its fields) and the whole reading ({recurrenceRule, text,
--- firstOccurrence}: text is the rule in words, "every Monday at 07:00").
function M.interpret_recurrence(text, callback)
  M.request('interpretRecurrence', { text = text }, function(err, result)
    callback(err, result and result.recurrenceRule, result)
  end)
end

--- Makes a reminder repeat as a person said it ("none" or "" stops it repeating). A recurring
--- reminder needs a due date: without one the server says so. callback(err, reminder, rule).
function M.set_repeat(identifier, text, callback)
  -- An empty Lua table is sent as []: no rule.
  local function interpret(said, done)
    M.interpret_recurrence(said, function(err, _, reading)
      done(err, reading)
    end)
  end
  set_as_said(identifier, 'recurrenceRules', text, interpret, function(reading)
    return { reading.recurrenceRule }
  end, {}, callback)
end

--- Undoes the last change this client made (each call one further back), as `task undo` does:
--- a reminder added is deleted (to the trash), one changed gets back what it was, one deleted
--- comes back. callback(err, changes) with the changes the undo made.
function M.undo(callback)
  M.request('undo', { client = M.config.client_name, count = 1 }, function(err, result)
    callback(err, result and result.changes)
  end)
end

--- :RemindersAdd [title]
function M.add_command(title)
  if title and title:match('%S') then
    return M.add(title)
  end
  vim.ui.input({ prompt = 'New reminder: ' }, function(input)
    if input and input:match('%S') then
      M.add(input)
    end
  end)
end

--- :RemindersCapture
function M.capture(callback)
  return require('remindersd.capture').capture_current(callback)
end

--- :RemindersStatus
function M.status()
  M.connect(function(err, client)
    if err then
      return notify(M.error_message(err), vim.log.levels.ERROR)
    end
    client:request('authorizationStatus', { entityType = 'reminder' }, function(aerr, auth)
      if aerr then
        return notify(M.error_message(aerr), vim.log.levels.ERROR)
      end
      state.auth = auth.status
      local info = state.server and state.server.serverInfo or {}
      local lines = {
        string.format('%s %s (pid %s) as %s: %s', info.name or 'remindersd', info.version or '?',
          tostring(client.pid), M.config.client_name, auth.status),
        'command: ' .. table.concat(M.command(), ' '),
      }
      if auth.status ~= 'fullAccess' then
        table.insert(lines, M.unauthorized_message(auth.status))
      end
      notify(table.concat(lines, '\n'))
    end)
  end)
end

return M
