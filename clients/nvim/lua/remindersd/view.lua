-- The :Reminders buffer: incomplete reminders grouped by list.
--
-- Every list header and reminder line carries an extmark; the extmark's id maps to the
-- calendar or reminder (by identifier), so keys act on the item the line shows, whatever
-- refreshes moved it, never on a line number.

local R = require('remindersd')

local V = {}

local ns = vim.api.nvim_create_namespace('remindersd')
local hl_ns = vim.api.nvim_create_namespace('remindersd_hl')

V.ns = ns
V.state = {
  buf = nil,
  entries = {}, -- extmark id -> { kind = 'calendar'|'reminder', calendar = …, reminder = … }
  data = nil, -- { calendars = {…}, reminders = {…} }
  opened_at = nil, -- RFC 3339: reminders completed since then stay visible, checked
  generation = 0,
  renders = 0,
  refresh_pending = false,
  busy = false, -- a refresh is under way
  toggling = {}, -- identifiers with a completion change in flight
}
local S = V.state

local BUF_NAME = 'remindersd://reminders'

local function set_highlights()
  local links = {
    RemindersHeader = 'Title',
    RemindersList = 'Directory',
    RemindersDone = 'Comment',
    RemindersOverdue = 'DiagnosticError',
    RemindersDue = 'Number',
    RemindersPriority = 'WarningMsg',
    RemindersSource = 'Comment',
    RemindersHelp = 'Comment',
  }
  for group, target in pairs(links) do
    vim.api.nvim_set_hl(0, group, { link = target, default = true })
  end
end

local function now_utc()
  local sec, usec = vim.loop.gettimeofday()
  return os.date('!%Y-%m-%dT%H:%M:%S', sec) .. string.format('.%03dZ', math.floor(usec / 1000))
end

--- "2026-12-01 09:00", "2026-12-01", "" — and whether it is past.
function V.format_due(c)
  if type(c) ~= 'table' or not c.year then
    return '', false
  end
  local text = string.format('%04d-%02d-%02d', c.year, c.month or 1, c.day or 1)
  local key = string.format('%04d%02d%02d', c.year, c.month or 1, c.day or 1)
  local overdue
  if c.hour then
    text = text .. string.format(' %02d:%02d', c.hour, c.minute or 0)
    key = key .. string.format('%02d%02d', c.hour, c.minute or 0)
    overdue = key < os.date('%Y%m%d%H%M')
  else
    overdue = key < os.date('%Y%m%d')
  end
  if c.timeZone then
    text = text .. ' ' .. c.timeZone
  end
  return text, overdue
end

--- EventKit priorities: 1–4 high, 5 medium, 6–9 low, 0 none.
function V.format_priority(p)
  if not p or p == 0 then
    return ''
  elseif p <= 4 then
    return '!!!'
  elseif p == 5 then
    return '!!'
  end
  return '!'
end

--- Path and line of a reminder captured from code (url file:///abs/path#L42), or nil.
function V.source_of(reminder)
  local url = reminder.url
  if type(url) ~= 'string' then
    return nil
  end
  local path, line = url:match('^file://(/[^#]*)#L(%d+)$')
  if not path then
    path = url:match('^file://(/[^#]*)$')
  end
  if not path then
    return nil
  end
  path = path:gsub('%%(%x%x)', function(h)
    return string.char(tonumber(h, 16))
  end)
  return path, tonumber(line)
end

local function sort_key(r)
  local c = r.dueDateComponents
  local due = '~'
  if type(c) == 'table' and c.year then
    due = string.format('%04d%02d%02d%02d%02d%02d', c.year, c.month or 1, c.day or 1, c.hour or 0, c.minute or 0, c.second or 0)
  end
  return due .. '|' .. (r.creationDate or '') .. '|' .. (r.calendarItemIdentifier or '')
end

local function single_line(s)
  return (tostring(s or ''):gsub('[\r\n]+', ' '))
end

local function buf_valid()
  return S.buf and vim.api.nvim_buf_is_valid(S.buf) and vim.api.nvim_buf_is_loaded(S.buf)
end

--- The entry (reminder or list) whose line the cursor is on, in the current window.
function V.entry_at_cursor()
  if not buf_valid() then
    return nil
  end
  local row = vim.api.nvim_win_get_cursor(0)[1] - 1
  local marks = vim.api.nvim_buf_get_extmarks(S.buf, ns, { row, 0 }, { row, -1 }, {})
  for _, m in ipairs(marks) do
    local entry = S.entries[m[1]]
    if entry then
      return entry
    end
  end
  return nil
end

--- The identifier → line (1-based) of each reminder shown.
function V.lines_by_id()
  local result = {}
  if not buf_valid() then
    return result
  end
  for _, m in ipairs(vim.api.nvim_buf_get_extmarks(S.buf, ns, 0, -1, {})) do
    local entry = S.entries[m[1]]
    if entry and entry.kind == 'reminder' then
      result[entry.reminder.calendarItemIdentifier] = m[2] + 1
    end
  end
  return result
end

local function entry_key(entry)
  if not entry then
    return nil
  end
  if entry.kind == 'reminder' then
    return 'r:' .. entry.reminder.calendarItemIdentifier
  end
  return 'c:' .. entry.calendar.calendarIdentifier
end

--- Replaces the buffer's text. lines: list of { text, entry?, hls = {{group, col_start, col_end}} }.
local function paint(lines)
  local buf = S.buf
  -- remember which item each window's cursor is on, to put it back on the same item
  local cursors = {}
  for _, win in ipairs(vim.fn.win_findbuf(buf)) do
    local pos = vim.api.nvim_win_get_cursor(win)
    local key
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, { pos[1] - 1, 0 }, { pos[1] - 1, -1 }, {})) do
      key = key or entry_key(S.entries[m[1]])
    end
    cursors[win] = { key = key, pos = pos }
  end

  local text = {}
  for i, l in ipairs(lines) do
    text[i] = l.text
  end
  vim.api.nvim_buf_set_option(buf, 'modifiable', true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, text)
  vim.api.nvim_buf_set_option(buf, 'modifiable', false)
  vim.api.nvim_buf_set_option(buf, 'modified', false)

  vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
  vim.api.nvim_buf_clear_namespace(buf, hl_ns, 0, -1)
  S.entries = {}
  local row_of = {}
  for i, l in ipairs(lines) do
    if l.entry then
      local id = vim.api.nvim_buf_set_extmark(buf, ns, i - 1, 0, {})
      S.entries[id] = l.entry
      row_of[entry_key(l.entry)] = i
    end
    for _, h in ipairs(l.hls or {}) do
      vim.api.nvim_buf_add_highlight(buf, hl_ns, h[1], i - 1, h[2], h[3])
    end
  end

  for win, c in pairs(cursors) do
    if vim.api.nvim_win_is_valid(win) then
      local row = (c.key and row_of[c.key]) or math.min(c.pos[1], #lines)
      pcall(vim.api.nvim_win_set_cursor, win, { math.max(row, 1), c.pos[2] })
    end
  end

  S.renders = S.renders + 1
  vim.api.nvim_exec_autocmds('User', { pattern = 'RemindersRendered', modeline = false })
end

local HELP = '<CR> toggle · a add · o open source · r refresh · q close'

--- Lines for a message in place of the list (errors, missing access).
local function message_lines(title, message)
  local lines = { { text = title, hls = { { 'RemindersHeader', 0, -1 } } }, { text = '' } }
  for _, l in ipairs(vim.split(message, '\n', { plain = true })) do
    table.insert(lines, { text = l })
  end
  table.insert(lines, { text = '' })
  table.insert(lines, { text = 'Press r to try again.', hls = { { 'RemindersHelp', 0, -1 } } })
  return lines
end

--- Builds the buffer lines from calendars and reminders (incomplete, plus recently completed).
function V.build_lines(data)
  local by_calendar, open_count, done_count = {}, 0, 0
  local reminders = vim.deepcopy(data.reminders)
  table.sort(reminders, function(a, b)
    return sort_key(a) < sort_key(b)
  end)
  local due_width = 0
  for _, r in ipairs(reminders) do
    local cid = r.calendarIdentifier
    by_calendar[cid] = by_calendar[cid] or {}
    table.insert(by_calendar[cid], r)
    if r.isCompleted then
      done_count = done_count + 1
    else
      open_count = open_count + 1
    end
    due_width = math.max(due_width, vim.fn.strdisplaywidth((V.format_due(r.dueDateComponents))))
  end

  local header = string.format('Reminders · %d open', open_count)
  if done_count > 0 then
    header = header .. string.format(' · %d done', done_count)
  end
  local lines = {
    { text = header, hls = { { 'RemindersHeader', 0, -1 } } },
    { text = HELP, hls = { { 'RemindersHelp', 0, -1 } } },
  }

  local calendars = vim.deepcopy(data.calendars)
  local known = {}
  for _, c in ipairs(calendars) do
    known[c.calendarIdentifier] = true
  end
  for cid, _ in pairs(by_calendar) do
    if not known[cid] then
      table.insert(calendars, { calendarIdentifier = cid, title = '?' })
    end
  end

  for _, cal in ipairs(calendars) do
    local items = by_calendar[cal.calendarIdentifier] or {}
    table.insert(lines, { text = '' })
    local open_here = 0
    for _, r in ipairs(items) do
      if not r.isCompleted then
        open_here = open_here + 1
      end
    end
    local title = single_line(cal.title) .. string.format(' (%d)', open_here)
    table.insert(lines, {
      text = title,
      entry = { kind = 'calendar', calendar = cal },
      hls = { { 'RemindersList', 0, -1 } },
    })
    if #items == 0 then
      table.insert(lines, { text = '  (no reminders)', hls = { { 'RemindersHelp', 0, -1 } } })
    end
    for _, r in ipairs(items) do
      local due, overdue = V.format_due(r.dueDateComponents)
      local check = r.isCompleted and '[x]' or '[ ]'
      local prio = V.format_priority(r.priority)
      local prefix = '  ' .. check .. ' '
      local due_col = due .. string.rep(' ', due_width - vim.fn.strdisplaywidth(due))
      local line = prefix
      local hls = {}
      if due_width > 0 then
        if due ~= '' then
          table.insert(hls, { (overdue and not r.isCompleted) and 'RemindersOverdue' or 'RemindersDue', #line, #line + #due })
        end
        line = line .. due_col .. '  '
      end
      if prio ~= '' then
        table.insert(hls, { 'RemindersPriority', #line, #line + #prio })
      end
      line = line .. prio .. string.rep(' ', 3 - #prio) .. '  '
      line = line .. single_line(r.title)
      local path, lnum = V.source_of(r)
      if path then
        local src = '  (' .. vim.fn.fnamemodify(path, ':t') .. (lnum and (':' .. lnum) or '') .. ')'
        table.insert(hls, { 'RemindersSource', #line, #line + #src })
        line = line .. src
      end
      if r.isCompleted then
        hls = { { 'RemindersDone', 0, -1 } }
      end
      table.insert(lines, { text = line, entry = { kind = 'reminder', reminder = r }, hls = hls })
    end
  end
  return lines
end

function V.render(data)
  if not buf_valid() then
    return
  end
  S.data = data
  paint(V.build_lines(data))
end

function V.render_message(title, message)
  if not buf_valid() then
    return
  end
  S.data = nil
  paint(message_lines(title, message))
end

--- Fetches lists and reminders and redraws the buffer; callback(err) when done.
function V.refresh(callback)
  callback = callback or function() end
  if not buf_valid() then
    return callback(nil)
  end
  S.generation = S.generation + 1
  local generation = S.generation
  S.busy = true
  local inner = callback
  callback = function(err)
    if generation == S.generation then
      S.busy = false
    end
    inner(err)
  end
  R.connect(function(cerr, client)
    if generation ~= S.generation then
      return callback(nil)
    end
    if cerr then
      V.render_message('Reminders · server not available', R.error_message(cerr))
      R._notify(R.error_message(cerr), vim.log.levels.ERROR)
      return callback(cerr)
    end
    local results, remaining, first_err = {}, 3, nil
    local function done(key)
      return function(err, result)
        if err and not first_err then
          first_err = err
        end
        results[key] = result
        remaining = remaining - 1
        if remaining > 0 then
          return
        end
        if generation ~= S.generation then
          return callback(nil) -- a newer refresh is under way
        end
        if first_err then
          if R.is_unauthorized(first_err) then
            -- In the buffer only: a message of several lines would stop the editor with a prompt.
            V.render_message('Reminders · not authorized', R.error_message(first_err))
          else
            V.render_message('Reminders · error', R.error_message(first_err))
          end
          return callback(first_err)
        end
        local reminders = {}
        local seen = {}
        for _, list in ipairs({ results.open.reminders, results.done.reminders }) do
          for _, r in ipairs(list) do
            if not seen[r.calendarItemIdentifier] then
              seen[r.calendarItemIdentifier] = true
              table.insert(reminders, r)
            end
          end
        end
        V.render({ calendars = results.calendars.calendars, reminders = reminders })
        callback(nil)
      end
    end
    client:request('calendars', { entityType = 'reminder' }, done('calendars'))
    client:request('fetchReminders', { predicate = { kind = 'incomplete' } }, done('open'))
    client:request('fetchReminders', {
      predicate = { kind = 'completed', completionDateStarting = S.opened_at or now_utc() },
    }, done('done'))
  end)
end

--- True when no refresh is scheduled or under way.
function V.idle()
  return not S.refresh_pending and not S.busy
end

--- Coalesces refresh requests (storeChanged notifications, own writes) into one.
--- r: refreshes; a client never decided on asks for access first, as the owner may have recorded
--- a consent agent since the list said how.
function V.refresh_by_hand()
  if R.auth_status() ~= 'notDetermined' or not R.config.request_access then
    return V.refresh()
  end
  R.connect(function(err, client)
    if err or not client then
      return V.refresh()
    end
    R.ask_for_access(client, function()
      V.refresh()
    end)
  end)
end

function V.schedule_refresh()
  if not buf_valid() or S.refresh_pending then
    return
  end
  S.refresh_pending = true
  vim.defer_fn(function()
    S.refresh_pending = false
    V.refresh()
  end, 20)
end

local function replace_reminder(reminder)
  if not S.data then
    return
  end
  for i, r in ipairs(S.data.reminders) do
    if r.calendarItemIdentifier == reminder.calendarItemIdentifier then
      S.data.reminders[i] = reminder
      return V.render(S.data)
    end
  end
end

--- <CR>: completes the reminder on the cursor line, or un-completes it.
function V.toggle(callback)
  callback = callback or function() end
  local entry = V.entry_at_cursor()
  if not entry or entry.kind ~= 'reminder' then
    R._notify('no reminder on this line', vim.log.levels.WARN)
    return callback({ code = -1, message = 'no reminder on this line' })
  end
  local r = entry.reminder
  local id = r.calendarItemIdentifier
  if S.toggling[id] then
    R._notify('still saving “' .. single_line(r.title) .. '”', vim.log.levels.WARN)
    return callback({ code = -1, message = 'busy' })
  end
  S.toggling[id] = true
  local function save(last_modified, retried)
    R.request('saveReminder', {
      reminder = {
        calendarItemIdentifier = id,
        isCompleted = not r.isCompleted,
        -- conditional update: refused (-32012) when someone changed it since we fetched it
        lastModifiedDate = last_modified,
      },
    }, function(err, result)
      if err and err.code == -32012 and not retried and V.same_content(r, err.data and err.data.current) then
        -- Only the stamp differs: nobody changed the reminder's content, so the update is
        -- safe with the stored stamp (remindersd builds before commit 608d0d2 could answer a
        -- save with a lastModifiedDate 1 ms off the stored one).
        return save(err.data.current.lastModifiedDate, true)
      end
      S.toggling[id] = nil
      if err then
        if err.code == -32012 then
          R._notify('“' .. single_line(r.title) .. '” was changed elsewhere; the list is refreshed, try again', vim.log.levels.WARN)
        elseif err.code == -32011 then
          R._notify('“' .. single_line(r.title) .. '” no longer exists', vim.log.levels.WARN)
        else
          R._notify(R.error_message(err), vim.log.levels.ERROR)
        end
        V.schedule_refresh()
        return callback(err)
      end
      replace_reminder(result.reminder)
      V.schedule_refresh()
      callback(nil, result.reminder)
    end)
  end
  save(r.lastModifiedDate, false)
end

--- True when two reminders differ in nothing but lastModifiedDate.
function V.same_content(a, b)
  if type(a) ~= 'table' or type(b) ~= 'table' then
    return false
  end
  local x, y = vim.deepcopy(a), vim.deepcopy(b)
  x.lastModifiedDate, y.lastModifiedDate = nil, nil
  return vim.deep_equal(x, y)
end

--- a: adds a reminder to the list under the cursor (the default list elsewhere).
local DUE_PROMPT = 'Due (tomorrow 9am, in 3 days, next monday; empty for none): '

function V.add_here()
  local entry = V.entry_at_cursor()
  local cal = entry and (entry.calendar or (S.data and (function()
    for _, c in ipairs(S.data.calendars) do
      if c.calendarIdentifier == entry.reminder.calendarIdentifier then
        return c
      end
    end
  end)()))
  local prompt = 'New reminder' .. (cal and (' in ' .. single_line(cal.title)) or '') .. ': '
  vim.ui.input({ prompt = prompt }, function(title)
    if not (title and title:match('%S')) then
      return
    end
    local reminder = { title = title, calendarIdentifier = cal and cal.calendarIdentifier or nil }
    vim.ui.input({ prompt = DUE_PROMPT }, function(said)
      if said == nil then
        return -- <Esc>: nothing is added
      end
      if not said:match('%S') then
        return R.add(reminder)
      end
      R.interpret_date(said, function(err, reading)
        if err then
          return R._notify(R.error_message(err), vim.log.levels.ERROR)
        end
        reminder.dueDateComponents = reading.dateComponents
        R.add(reminder, function(aerr, saved)
          if aerr then
            return R._notify(R.error_message(aerr), vim.log.levels.ERROR)
          end
          R._notify('added “' .. single_line(saved.title) .. '”, due ' .. reading.text)
        end)
      end)
    end)
  end)
end

-- Asks with `prompt` for what the person says of the reminder on the line, sets it with
-- `set` (R.set_due, R.set_repeat) and says what was understood (`said_of(reading)`).
local function ask_and_set(prompt, set, said_of)
  local entry = V.entry_at_cursor()
  if not entry or entry.kind ~= 'reminder' then
    return R._notify('no reminder on this line', vim.log.levels.WARN)
  end
  local r = entry.reminder
  vim.ui.input({ prompt = prompt }, function(said)
    if said == nil then
      return
    end
    set(r.calendarItemIdentifier, said, function(err, _, reading)
      if err then
        return R._notify(R.error_message(err), vim.log.levels.ERROR)
      end
      R._notify('“' .. single_line(r.title) .. '” ' .. said_of(reading))
    end)
  end)
end

--- d: the due date of the reminder on the line, as the person says it ("none" takes it away).
function V.set_due()
  ask_and_set(DUE_PROMPT, R.set_due, function(reading)
    return reading and ('due ' .. reading.text) or 'has no due date'
  end)
end

--- R: how often the reminder on the line repeats, as the person says it ("none" stops it).
local REPEAT_PROMPT = 'Repeat (every monday, every 2 weeks, every weekday, every month on the 1st; none to stop): '

function V.set_recurrence()
  ask_and_set(REPEAT_PROMPT, R.set_repeat, function(rule)
    return rule and ('repeats ' .. rule.text) or 'does not repeat'
  end)
end

--- u: undoes this client's last change (u again goes one further back).
function V.undo()
  R.undo(function(err, changes)
    if err then
      return R._notify(R.error_message(err), vim.log.levels.ERROR)
    end
    local said = {}
    for _, change in ipairs(changes or {}) do
      local what = ({ removed = 'deleted', restored = 'restored' })[change.action] or 'put back as it was:'
      table.insert(said, 'undone: ' .. what .. ' “' .. single_line(change.title) .. '”')
    end
    R._notify(table.concat(said, '; '))
    V.schedule_refresh()
  end)
end

--- o: opens the file and line a captured reminder points to.
function V.open_source()
  local entry = V.entry_at_cursor()
  if not entry or entry.kind ~= 'reminder' then
    return R._notify('no reminder on this line', vim.log.levels.WARN)
  end
  local path, lnum = V.source_of(entry.reminder)
  if not path then
    local url = entry.reminder.url
    return R._notify(url and ('url: ' .. url) or 'this reminder has no file url', vim.log.levels.WARN)
  end
  local here = vim.api.nvim_get_current_win()
  vim.cmd('wincmd p')
  if vim.api.nvim_get_current_win() == here then
    vim.cmd('split')
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  if lnum then
    pcall(vim.api.nvim_win_set_cursor, 0, { lnum, 0 })
  end
end

function V.close()
  if #vim.api.nvim_list_wins() > 1 then
    vim.cmd('close')
  elseif vim.fn.bufnr('#') > 0 and vim.fn.bufnr('#') ~= S.buf then
    vim.cmd('buffer #')
  else
    vim.cmd('enew')
  end
end

local function create_buffer()
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buf, BUF_NAME)
  for opt, value in pairs({ buftype = 'nofile', bufhidden = 'hide', swapfile = false, modifiable = false }) do
    vim.api.nvim_buf_set_option(buf, opt, value)
  end
  local keys = R.config.keys
  local function map(lhs, fn, desc)
    if lhs then
      vim.keymap.set('n', lhs, fn, { buffer = buf, silent = true, nowait = true, desc = desc })
    end
  end
  map(keys.toggle, function() V.toggle() end, 'remindersd: toggle completion')
  map(keys.add, V.add_here, 'remindersd: add a reminder to this list')
  map(keys.due, V.set_due, 'remindersd: set the due date, as you would say it')
  map(keys.recurrence, V.set_recurrence, 'remindersd: set how often it repeats, as you would say it')
  map(keys.undo, V.undo, 'remindersd: undo your last change')
  map(keys.open, V.open_source, 'remindersd: open the captured file and line')
  map(keys.refresh, V.refresh_by_hand, 'remindersd: refresh (asking for access, if never asked for)')
  map(keys.close, V.close, 'remindersd: close')
  vim.api.nvim_buf_set_option(buf, 'filetype', 'remindersd')
  vim.api.nvim_create_autocmd('BufWipeout', {
    buffer = buf,
    callback = function()
      S.buf, S.data, S.entries = nil, nil, {}
    end,
  })
  return buf
end

--- :Reminders — shows the list buffer (creating it) and refreshes it.
function V.open(callback)
  set_highlights()
  if not buf_valid() then
    S.buf = create_buffer()
  end
  S.opened_at = now_utc()
  local wins = vim.fn.win_findbuf(S.buf)
  if #wins > 0 then
    vim.api.nvim_set_current_win(wins[1])
  else
    local open_cmd = R.config.open_cmd
    if open_cmd and open_cmd ~= '' and open_cmd ~= 'edit' then
      vim.cmd(open_cmd)
    end
    vim.api.nvim_win_set_buf(0, S.buf)
  end
  vim.api.nvim_win_set_option(0, 'wrap', false)
  vim.api.nvim_win_set_option(0, 'cursorline', true)
  if vim.api.nvim_buf_line_count(S.buf) <= 1 then
    paint({ { text = 'Reminders · loading…', hls = { { 'RemindersHeader', 0, -1 } } } })
  end
  V.refresh(callback)
  return S.buf
end

function V.buffer()
  return buf_valid() and S.buf or nil
end

return V
