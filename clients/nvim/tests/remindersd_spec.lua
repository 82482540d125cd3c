-- Headless end-to-end tests of remindersd.nvim against the real server binary.
-- Run by clients/nvim/test, which sets REMINDERSD_BIN, RD_STORE, RD_TMP, RD_CHECKER and
-- RD_TRANSCRIPT and grants RD_CHECKER fullAccess on the store.

local BIN, STORE, TMP = vim.env.REMINDERSD_BIN, vim.env.RD_STORE, vim.env.RD_TMP
local CHECKER = vim.env.RD_CHECKER or 'remindersd-test'
-- for servers without notifications (before remindersd issue 4): simulate them instead of failing
local ALLOW_SIMULATED = vim.env.REMINDERSD_ALLOW_SIMULATED_NOTIFICATIONS == '1'

local results = { passed = 0, failed = 0 }
local out = io.stdout

local function log(s)
  out:write(s .. '\n')
  out:flush()
end

local function test(name, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    results.passed = results.passed + 1
    log('ok - ' .. name)
  else
    results.failed = results.failed + 1
    log('not ok - ' .. name)
    for line in tostring(err):gmatch('[^\n]+') do
      log('#   ' .. line)
    end
  end
end

local function fail(msg)
  error(msg, 2)
end

local function eq(expected, actual, what)
  if not vim.deep_equal(expected, actual) then
    error(string.format('%s: expected %s, got %s', what or 'value', vim.inspect(expected), vim.inspect(actual)), 2)
  end
end

local function truthy(v, what)
  if not v then
    error((what or 'assertion') .. ' failed', 2)
  end
  return v
end

local function wait_for(pred, ms, what)
  if not vim.wait(ms or 5000, pred, 10) then
    error('timed out waiting for ' .. (what or 'condition'), 2)
  end
end

-- remindersd call METHOD PARAMS as the checker client, on the test store.
local function cli(method, params)
  local cmd = { BIN, 'call', method, vim.json.encode(params or vim.empty_dict()), '--store', STORE, '--client', CHECKER }
  local output = vim.fn.system(cmd)
  if vim.v.shell_error ~= 0 then
    error('remindersd call ' .. method .. ' failed: ' .. output, 2)
  end
  return vim.json.decode(output, { luanil = { object = true, array = true } })
end

local function store_reminders(kind)
  return cli('fetchReminders', { predicate = { kind = kind or 'all' } }).reminders
end

local function find_by_title(title)
  for _, r in ipairs(store_reminders('all')) do
    if r.title == title then
      return r
    end
  end
end

local notifications = {}
vim.notify = function(msg, level)
  table.insert(notifications, { msg = msg, level = level })
end
local function notified(pattern)
  for _, n in ipairs(notifications) do
    if n.msg:find(pattern, 1, true) then
      return n
    end
  end
end

local remindersd = require('remindersd')
local view = require('remindersd.view')
local rpc = require('remindersd.rpc')

local function list_lines()
  return vim.api.nvim_buf_get_lines(view.buffer(), 0, -1, false)
end

local function list_has(text)
  if not view.buffer() then
    return false
  end
  for _, l in ipairs(list_lines()) do
    if l:find(text, 1, true) then
      return true
    end
  end
  return false
end

local function line_of(text)
  for i, l in ipairs(list_lines()) do
    if l:find(text, 1, true) then
      return i
    end
  end
  error('no line with ' .. text .. ' in\n' .. table.concat(list_lines(), '\n'), 2)
end

local function renders()
  return view.state.renders
end

local function wait_render(after, what)
  wait_for(function()
    return renders() > after
  end, 5000, what or 'the list to be drawn')
end

local function feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'x', false)
end

local function goto_list()
  local win = vim.fn.win_findbuf(view.buffer())[1]
  vim.api.nvim_set_current_win(truthy(win, 'list window'))
end

local transcript = {}
local function snapshot(title)
  table.insert(transcript, '-- ' .. title)
  vim.list_extend(transcript, list_lines())
  table.insert(transcript, '')
end

-- --------------------------------------------------------------------------------------

test('a client without access gets a message saying how to grant it', function()
  remindersd.setup({ store = STORE, client_name = 'remindersd.nvim.noaccess' })
  local before = renders()
  vim.cmd('Reminders')
  wait_for(function()
    return list_has('not authorized')
  end, 5000, 'the not-authorized message')
  truthy(renders() > before)
  local text = table.concat(list_lines(), '\n')
  local program = vim.fn.resolve(vim.v.progpath)
  local grant = { 'permissions', 'set', 'remindersd.nvim.noaccess', 'fullAccess', '--program', program, '--store', STORE }
  local hint = 'remindersd ' .. table.concat(grant, ' ')
  truthy(text:find(hint, 1, true), 'grant hint in the buffer:\n' .. text)
  truthy(text:find('status: notDetermined', 1, true), 'status in the buffer')
  truthy(text:find('remindersd permissions consent-agent --desktop', 1, true), 'how to be asked, in the buffer')
  truthy(not notified('may not read your reminders'), 'in the buffer only: no message that stops the editor with a prompt')
  -- requestAccess was called (nobody could be asked: the server logs a hint)
  local stderr = table.concat(remindersd.client().stderr_lines, '\n')
  truthy(stderr:find('asked for access', 1, true), 'requestAccess reached the server:\n' .. stderr)
  snapshot('not authorized')

  -- the owner runs the hint as written; authorizationChanged (and storeChanged) redraw the list
  local client = remindersd.client()
  local out = vim.fn.system(vim.list_extend({ BIN }, grant))
  eq(0, vim.v.shell_error, 'the hint as written: ' .. out)
  local refreshed = vim.wait(10000, function()
    return list_has('Reminders · 0 open')
  end, 10)
  if not refreshed then
    if not ALLOW_SIMULATED then
      fail('the list did not refresh within 10 s of `remindersd permissions set`')
    end
    log('# no authorizationChanged from the server; simulating one')
    client:_feed(rpc.frame('{"jsonrpc":"2.0","method":"authorizationChanged","params":{"entityType":"reminder","status":"fullAccess"}}'))
    wait_for(function()
      return list_has('Reminders · 0 open')
    end, 3000, 'refresh after the simulated authorizationChanged')
  else
    -- storeChanged may redraw the list first: the notification that says so comes all the same
    wait_for(function()
      return (client.notifications.authorizationChanged or 0) > 0
    end, 10000, 'authorizationChanged received')
  end
  wait_for(function()
    return remindersd.auth_status() == 'fullAccess'
  end, 10000, 'status from the notification')
  snapshot('after the hint, as written')

  -- reset to notDetermined by the owner: the list says so, and the same hint works again
  vim.fn.system({ BIN, 'permissions', 'set', 'remindersd.nvim.noaccess', 'notDetermined', '--program', program, '--store', STORE })
  wait_for(function()
    return list_has('not authorized')
  end, 10000, 'not authorized again after the reset')
  out = vim.fn.system(vim.list_extend({ BIN }, grant))
  eq(0, vim.v.shell_error, 'the hint after a reset: ' .. out)
  wait_for(function()
    return list_has('Reminders · 0 open')
  end, 10000, 'redrawn after the grant')
  remindersd.stop()
  vim.cmd('bwipeout! ' .. view.buffer())
end)

test('requestAccess with a consent agent grants fullAccess', function()
  local agent = TMP .. '/agent.sh'
  local args_file = TMP .. '/agent.args'
  vim.fn.writefile({ '#!/bin/sh', 'printf "%s|" "$@" > ' .. vim.fn.shellescape(args_file), 'exit 0' }, agent)
  vim.fn.setfperm(agent, 'rwx------')
  -- The owner records the agent for the store; the plugin names it, and it is heeded as the owner's.
  vim.fn.system({ BIN, 'permissions', 'consent-agent', agent, '--store', STORE })
  remindersd.setup({ store = STORE, consent_agent = agent }) -- client_name: remindersd.nvim
  local result, err = remindersd.request_sync('authorizationStatus', { entityType = 'reminder' })
  eq(nil, err, 'error')
  eq('fullAccess', result.status, 'status')
  eq('fullAccess', remindersd.auth_status(), 'auth_status()')
  local args = table.concat(vim.fn.readfile(args_file), '\n')
  truthy(args:find('remindersd.nvim|reminder|full|Shows your reminders in Neovim', 1, true), 'agent args: ' .. args)
  local perms = vim.fn.system({ BIN, 'permissions', 'list', '--store', STORE })
  -- granted to Neovim itself, the program that started the server
  local program = vim.fn.resolve(vim.v.progpath)
  truthy(perms:find('"client":"remindersd.nvim","entityType":"reminder","program":"' .. program .. '","status":"fullAccess"', 1, true), perms)
end)

local groceries, default_list
test(':Reminders lists incomplete reminders grouped by list, with due date and priority', function()
  default_list = cli('defaultCalendarForNewReminders').calendar
  groceries = cli('saveCalendar', { calendar = { title = 'Groceries', color = '#34c759' } }).calendar
  cli('saveReminder', { reminder = { title = 'Buy milk', priority = 1, calendarIdentifier = groceries.calendarIdentifier,
    dueDateComponents = { year = 2026, month = 12, day = 1, hour = 9 } } })
  cli('saveReminder', { reminder = { title = 'Call Bob', priority = 5,
    dueDateComponents = { year = 2026, month = 11, day = 30 } } })
  cli('saveReminder', { reminder = { title = 'Water plants' } })
  local done = cli('saveReminder', { reminder = { title = 'Already done' } }).reminder
  cli('saveReminder', { reminder = { calendarItemIdentifier = done.calendarItemIdentifier, isCompleted = true } })

  local before = renders()
  vim.cmd('Reminders')
  wait_render(before)
  wait_for(function()
    return list_has('Buy milk')
  end, 3000, 'the reminders')
  snapshot(':Reminders')
  local lines = list_lines()
  eq('Reminders · 3 open', lines[1], 'header')
  local g, b = line_of('Groceries (1)'), line_of('Buy milk')
  local d, c, w = line_of('Reminders (2)'), line_of('Call Bob'), line_of('Water plants')
  truthy(d < c and c < w and w < g and g < b, 'grouping (lists oldest first) and order (due date first)')
  truthy(lines[b]:find('[ ] 2026-12-01 09:00  !!!  Buy milk', 1, true), lines[b])
  truthy(lines[c]:find('[ ] 2026-11-30        !!   Call Bob', 1, true), lines[c])
  truthy(not list_has('Already done'), 'completed reminders are not listed')
  -- every reminder line carries its identifier (an extmark), not a position
  local ids = view.lines_by_id()
  eq(b, ids[find_by_title('Buy milk').calendarItemIdentifier], 'Buy milk line')
  eq(w, ids[find_by_title('Water plants').calendarItemIdentifier], 'Water plants line')
end)

test('a request with {} as params sends an object (Lua encodes an empty table as an array)', function()
  local result, err = remindersd.request_sync('calendars', {})
  truthy(result, err and remindersd.error_message(err))
  truthy(#result.calendars >= 1, 'the lists')
end)

test(':RemindersAdd adds to the default list and the list shows it', function()
  local before = renders()
  vim.cmd('RemindersAdd Write the report')
  wait_for(function()
    return list_has('Write the report')
  end, 5000, 'the new reminder in the list')
  truthy(renders() > before)
  local r = truthy(find_by_title('Write the report'), 'stored')
  eq(default_list.calendarIdentifier, r.calendarIdentifier, 'list')
  eq(false, r.isCompleted, 'isCompleted')
  truthy(notified('added “Write the report”'), 'notified')
end)

test('a reminder added with a due time rings then; a date alone, its own alarms or the setting off do not', function()
  local function added(reminder)
    local saved
    remindersd.add(reminder, function(err, r)
      truthy(not err, err and remindersd.error_message(err))
      saved = r
    end)
    wait_for(function()
      return saved ~= nil
    end, 5000, 'the save')
    return saved
  end
  local due = { year = 2031, month = 2, day = 3, hour = 17, minute = 0 }
  local tea = added({ title = 'Tea at five', dueDateComponents = due })
  eq({ 0 }, vim.tbl_map(function(a)
    return a.relativeOffset
  end, tea.alarms), 'an alarm at the due time')
  local bins = added({ title = 'Bins', dueDateComponents = { year = 2031, month = 2, day = 3 } })
  eq(0, #bins.alarms, 'a date alone')
  local quiet = added({ title = 'Quiet', dueDateComponents = due, alarms = {} })
  eq(0, #quiet.alarms, 'its own (no) alarms')
  remindersd.config.alarm_at_due_time = false
  local off = added({ title = 'Off', dueDateComponents = due })
  remindersd.config.alarm_at_due_time = true
  eq(0, #off.alarms, 'the setting off')
  for _, r in ipairs({ tea, bins, quiet, off }) do
    cli('removeReminder', { identifier = r.calendarItemIdentifier })
  end
end)

test('a in the list adds to the list under the cursor', function()
  goto_list()
  vim.api.nvim_win_set_cursor(0, { line_of('Groceries ('), 0 })
  local input = vim.ui.input
  local prompts, answers = {}, { 'Eggs', '' }
  vim.ui.input = function(opts, on_confirm)
    table.insert(prompts, opts.prompt)
    on_confirm(answers[#prompts])
  end
  feed('a')
  vim.ui.input = input
  eq('New reminder in Groceries: ', prompts[1], 'prompt')
  truthy(prompts[2]:match('^Due'), 'then the due date is asked for')
  wait_for(function()
    return list_has('Eggs')
  end, 5000, 'Eggs in the list')
  eq(groceries.calendarIdentifier, find_by_title('Eggs').calendarIdentifier, 'list')
  eq(nil, find_by_title('Eggs').dueDateComponents, 'nothing said: no due date')
  truthy(line_of('Eggs') > line_of('Groceries ('), 'shown under Groceries')
end)

test('u in the list undoes the last change: a reminder added is deleted, to the trash', function()
  goto_list()
  vim.api.nvim_win_set_cursor(0, { line_of('Groceries ('), 0 })
  local input = vim.ui.input
  local answers, asked = { 'Yeast', '' }, 0
  vim.ui.input = function(_, on_confirm)
    asked = asked + 1
    on_confirm(answers[asked])
  end
  feed('a')
  vim.ui.input = input
  wait_for(function()
    return list_has('Yeast')
  end, 5000, 'Yeast in the list')
  feed('u')
  wait_for(function()
    return find_by_title('Yeast') == nil
  end, 5000, 'the addition undone')
  wait_for(function()
    return notified('undone: deleted “Yeast”')
  end, 5000, 'the undo is said')
  wait_for(function()
    return not list_has('Yeast')
  end, 5000, 'gone from the list')
  local trash = cli('trash', { limit = 5 }).changes
  eq('Yeast', trash[1].title, 'in the trash')
end)

test('dates as people say them: a at "in 3 days 9am", d on a line, and a phrase it cannot read', function()
  goto_list()
  vim.api.nvim_win_set_cursor(0, { line_of('Groceries ('), 0 })
  local input = vim.ui.input
  local answers = { 'Flour', 'in 3 days 9am' }
  local asked = 0
  vim.ui.input = function(_, on_confirm)
    asked = asked + 1
    on_confirm(answers[asked])
  end
  feed('a')
  wait_for(function()
    return find_by_title('Flour') ~= nil
  end, 5000, 'Flour saved')
  local flour = find_by_title('Flour')
  local in3 = os.date('*t', os.time() + 3 * 86400)
  eq({ in3.year, in3.month, in3.day, 9 }, { flour.dueDateComponents.year, flour.dueDateComponents.month, flour.dueDateComponents.day, flour.dueDateComponents.hour }, 'in 3 days at 9')
  eq({ 0 }, vim.tbl_map(function(a)
    return a.relativeOffset
  end, flour.alarms), 'the time rings')
  wait_for(function()
    return notified('added “Flour”, due ')
  end, 5000, 'the reading is said')
  local said = notified('added “Flour”, due ')
  truthy(said and said.msg:match('due %a%a%a %d%d%d%d%-%d%d%-%d%d 09:00'), 'the reading is said, with its weekday')
  wait_for(function()
    return list_has('Flour')
  end, 5000, 'Flour in the list')
  vim.api.nvim_win_set_cursor(0, { line_of('Flour'), 0 })
  answers, asked = { 'end of month' }, 0
  feed('d')
  wait_for(function()
    local c = find_by_title('Flour').dueDateComponents
    return c and c.hour == nil
  end, 5000, 'the new due date')
  local now = os.date('*t')
  local last = os.date('*t', os.time({ year = now.year, month = now.month + 1, day = 0, hour = 12 }))
  eq(last.day, find_by_title('Flour').dueDateComponents.day, 'end of month')
  answers, asked = { 'when pigs fly' }, 0
  feed('d')
  wait_for(function()
    return notified('pigs')
  end, 5000, 'the refusal names the words')
  eq(last.day, find_by_title('Flour').dueDateComponents.day, 'nothing changed')
  answers, asked = { 'none' }, 0
  feed('d')
  wait_for(function()
    return find_by_title('Flour').dueDateComponents == nil
  end, 5000, 'none takes it away')
  vim.ui.input = input
  cli('removeReminder', { identifier = flour.calendarItemIdentifier })
end)

test('R on a line makes the reminder repeat as said: "every monday", a phrase it cannot read, none', function()
  local due = cli('saveReminder', { reminder = { title = 'Bins', dueDateComponents = { year = 2027, month = 3, day = 1, hour = 7, minute = 0 } } }).reminder
  goto_list()
  wait_for(function()
    return list_has('Bins')
  end, 5000, 'Bins in the list')
  vim.api.nvim_win_set_cursor(0, { line_of('Bins'), 0 })
  local input = vim.ui.input
  local prompts, answers = {}, { 'every monday' }
  vim.ui.input = function(opts, on_confirm)
    table.insert(prompts, opts.prompt)
    on_confirm(answers[#prompts])
  end
  feed('R')
  truthy(prompts[1]:match('^Repeat'), 'asks how often')
  wait_for(function()
    local rules = find_by_title('Bins').recurrenceRules
    return rules and #rules == 1
  end, 5000, 'the rule saved')
  eq('FREQ=WEEKLY;BYDAY=MO', find_by_title('Bins').recurrenceRules[1].rrule, 'every monday')
  wait_for(function()
    return notified('“Bins” repeats every Monday')
  end, 5000, 'the reading is said')
  prompts, answers = {}, { 'every blue moon' }
  feed('R')
  wait_for(function()
    return notified('blue')
  end, 5000, 'the refusal names the words')
  eq(1, #find_by_title('Bins').recurrenceRules, 'nothing changed')
  prompts, answers = {}, { 'none' }
  feed('R')
  wait_for(function()
    local rules = find_by_title('Bins').recurrenceRules
    return rules == nil or #rules == 0
  end, 5000, 'none stops it repeating')
  vim.ui.input = input
  cli('removeReminder', { identifier = due.calendarItemIdentifier })
end)

test('<CR> toggles completion of the reminder on the line', function()
  goto_list()
  vim.api.nvim_win_set_cursor(0, { line_of('Buy milk'), 0 })
  feed('<CR>')
  wait_for(function()
    return find_by_title('Buy milk').isCompleted
  end, 5000, 'Buy milk completed in the store')
  wait_for(function()
    return list_lines()[line_of('Buy milk')]:find('[x]', 1, true) ~= nil
  end, 3000, 'Buy milk checked in the list')
  wait_for(function()
    return list_lines()[1]:find('1 done', 1, true) ~= nil
  end, 3000, 'header counting it')
  snapshot('after <CR> on Buy milk')
  eq(line_of('Buy milk'), vim.api.nvim_win_get_cursor(0)[1], 'cursor stays on the reminder')
  feed('<CR>')
  wait_for(function()
    return not find_by_title('Buy milk').isCompleted
  end, 5000, 'Buy milk incomplete again')
  wait_for(function()
    return list_lines()[line_of('Buy milk')]:find('[ ]', 1, true) ~= nil
  end, 3000, 'Buy milk unchecked')
  eq(nil, find_by_title('Buy milk').completionDate, 'completionDate cleared')
end)

test('lines keep their reminder across refreshes that move them', function()
  goto_list()
  -- The last test's toggles may still have a refresh under way (or a change notice on its way)
  -- that reorders the lines: measure only once a refresh of this test's own has been drawn.
  local settling = renders()
  vim.cmd('RemindersRefresh')
  wait_render(settling)
  wait_for(view.idle, 5000, 'the list to settle')
  local before_line = line_of('Water plants')
  vim.api.nvim_win_set_cursor(0, { before_line, 4 })
  -- another program adds a reminder that sorts above (earlier due date)
  cli('saveReminder', { reminder = { title = 'Pay rent', dueDateComponents = { year = 2026, month = 11, day = 1 } } })
  local before = renders()
  vim.cmd('RemindersRefresh')
  wait_render(before)
  truthy(list_has('Pay rent'))
  eq(before_line + 1, line_of('Water plants'), 'Water plants moved down')
  eq(line_of('Water plants'), vim.api.nvim_win_get_cursor(0)[1], 'cursor followed it')
  feed('<CR>')
  wait_for(function()
    return find_by_title('Water plants').isCompleted
  end, 5000, 'Water plants completed')
  eq(false, find_by_title('Pay rent').isCompleted, 'Pay rent untouched')
  wait_for(function()
    return list_lines()[line_of('Water plants')]:find('[x]', 1, true) ~= nil
  end, 3000, 'Water plants checked')
  feed('<CR>')
  wait_for(function()
    return not find_by_title('Water plants').isCompleted
  end, 5000, 'Water plants incomplete again')
end)

local src_dir = TMP .. '/my project'
local src = src_dir .. '/main.c'
test(':RemindersCapture turns the TODO under the cursor into a reminder pointing back to file and line', function()
  vim.fn.mkdir(src_dir, 'p')
  vim.fn.writefile({
    '#include <stdio.h>',
    'int main(int argc, char **argv) {',
    '    /* TODO(alice): handle an empty argv */',
    '    return 0; // FIXME: leaks the socket',
    '}',
  }, src)
  vim.cmd('wincmd p')
  vim.cmd('edit ' .. vim.fn.fnameescape(src))
  vim.api.nvim_win_set_cursor(0, { 3, 0 })
  vim.cmd('RemindersCapture')
  local r
  wait_for(function()
    r = find_by_title('handle an empty argv')
    return r ~= nil
  end, 5000, 'the captured reminder')
  local abs = vim.fn.fnamemodify(src, ':p')
  eq('file://' .. abs:gsub(' ', '%%20') .. '#L3', r.url, 'url')
  truthy(r.url:find('/my%20project/main.c#L3', 1, true), 'url encoded')
  eq('TODO at ' .. abs .. ':3\n\n/* TODO(alice): handle an empty argv */', r.notes, 'notes')
  eq(0, r.priority, 'priority')
  eq(default_list.calendarIdentifier, r.calendarIdentifier, 'list')
  wait_for(function()
    return notified('captured “handle an empty argv” (main.c:3)')
  end, 2000, 'the capture message')

  vim.api.nvim_win_set_cursor(0, { 4, 0 })
  vim.cmd('RemindersCapture')
  wait_for(function()
    r = find_by_title('leaks the socket')
    return r ~= nil
  end, 5000, 'the captured FIXME')
  eq(1, r.priority, 'FIXME priority')
  truthy(r.url:match('#L4$'), r.url)

  local count = #store_reminders('all')
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  local err
  remindersd.capture(function(e)
    err = e
  end)
  truthy(err and err.message:find('no TODO/FIXME on this line', 1, true), 'refused a line without TODO')
  eq(count, #store_reminders('all'), 'nothing created')

  wait_for(function()
    return list_has('handle an empty argv  (main.c:3)') and list_has('leaks the socket  (main.c:4)')
  end, 3000, 'captures in the list')
  snapshot('after :RemindersCapture on lines 3 and 4 of main.c')
end)

test('capture parses keywords, authors and comment closers', function()
  local parse = require('remindersd.capture').parse
  local kw = { 'TODO', 'FIXME' }
  eq({ keyword = 'TODO', text = 'x y', author = nil }, parse('-- TODO: x y', kw))
  eq({ keyword = 'FIXME', text = 'tidy', author = 'bob' }, parse('# FIXME(bob) - tidy', kw))
  eq({ keyword = 'TODO', text = 'fix', author = nil }, parse('<!-- TODO fix -->', kw))
  eq(nil, (parse('TODOS are not TODOs', kw)))
  eq(nil, (parse('// TODO:', kw)))
  eq('file:///a%20b/c%23d.lua#L7', require('remindersd.capture').file_url('/a b/c#d.lua', 7))
end)

test('o opens the file and line a captured reminder points to', function()
  goto_list()
  vim.api.nvim_win_set_cursor(0, { line_of('handle an empty argv'), 0 })
  feed('o')
  eq(vim.fn.fnamemodify(src, ':p'), vim.api.nvim_buf_get_name(0), 'buffer')
  eq(3, vim.api.nvim_win_get_cursor(0)[1], 'line')
end)

test('a storeChanged notification refreshes the list', function()
  local client = remindersd.client()
  wait_for(view.idle, 3000, 'pending refreshes')
  local real_before = client.notifications.storeChanged or 0
  -- another program changes the store; the plugin does not poll, so only a notification
  -- can bring this into the buffer
  cli('saveReminder', { reminder = { title = 'Call the plumber' } })
  local real = vim.wait(3000, function()
    return list_has('Call the plumber')
  end, 10)
  if real then
    -- a refresh already under way (an earlier notification's) may show the change first: the
    -- change's own storeChanged must still come
    wait_for(function()
      return (client.notifications.storeChanged or 0) > real_before
    end, 3000, 'the storeChanged of the change')
  else
    if not ALLOW_SIMULATED then
      fail('no storeChanged from the server within 3 s of another process\'s commit')
    end
    log('# the server sent no storeChanged within 3 s; simulating one')
    client:_feed(rpc.frame('{"jsonrpc":"2.0","method":"storeChanged","params":{}}'))
    wait_for(function()
      return list_has('Call the plumber')
    end, 3000, 'refresh after the simulated storeChanged')
  end
  snapshot('after another process added “Call the plumber” (storeChanged)')
end)

test('a storeChanged frame split across reads refreshes the list', function()
  local client = remindersd.client()
  wait_for(view.idle, 3000, 'pending refreshes')
  local before, count = renders(), client.notifications.storeChanged or 0
  -- the same path as server output: bytes into the frame decoder, cut mid-header and mid-body
  local frame = rpc.frame('{"jsonrpc":"2.0","method":"storeChanged","params":{"extra":[1,2]}}')
  client:_feed(frame:sub(1, 10))
  client:_feed(frame:sub(11, 40))
  client:_feed(frame:sub(41))
  wait_for(function()
    return renders() > before
  end, 3000, 'a refresh')
  truthy(client.notifications.storeChanged > count, 'counted')
end)

test('the decoder takes LSP frames and NDJSON lines in any chunking', function()
  local seen = {}
  local c = rpc.new({ cmd = { 'true' }, on_notification = function(m, p)
    table.insert(seen, m .. ':' .. tostring(p.n))
  end })
  local stream = '{"jsonrpc":"2.0","method":"a","params":{"n":1}}\n'
    .. rpc.frame('{"jsonrpc":"2.0","method":"b","params":{"n":2}}')
    .. 'content-length: 47\r\nContent-Type: x\r\n\r\n{"jsonrpc":"2.0","method":"c","params":{"n":3}}'
    .. rpc.frame('[{"jsonrpc":"2.0","method":"d","params":{"n":4}}]')
  for i = 1, #stream do
    c:_feed(stream:sub(i, i))
  end
  vim.wait(500, function()
    return #seen == 4
  end, 5)
  eq({ 'a:1', 'b:2', 'c:3', 'd:4' }, seen, 'notifications')
end)

test('an alarm the agent fires is shown with Complete and Snooze, and the choice is carried out', function()
  truthy(remindersd.client(), 'running')
  local soon = os.date('!%Y-%m-%dT%H:%M:%SZ', os.time() + 2)
  local tea = cli('saveReminder', { reminder = { title = 'Make tea', alarms = { { absoluteDate = soon, alarmIdentifier = 'tea' } } } }).reminder
  local bank = cli('saveReminder', { reminder = { title = 'Call the bank', alarms = { { absoluteDate = soon, alarmIdentifier = 'bank' } } } }).reminder
  local asked = {}
  local real_select = vim.ui.select
  vim.ui.select = function(choices, opts, on_choice)
    table.insert(asked, { prompt = opts.prompt, choices = choices })
    on_choice(opts.prompt:find('Make tea', 1, true) and choices[1] or choices[2])
  end
  local agent = vim.fn.jobstart({ BIN, 'agent', '--store', STORE, '--notify', 'none' })
  truthy(agent > 0, 'agent started')
  local ok = vim.wait(10000, function()
    local r = cli('calendarItem', { identifier = tea.calendarItemIdentifier }).reminder
    local up = cli('upcomingAlarms', { to = os.date('!%Y-%m-%dT%H:%M:%SZ', os.time() + 3600) }).alarms
    local snoozed = false
    for _, a in ipairs(up) do
      snoozed = snoozed or (a.identifier == bank.calendarItemIdentifier and a.snoozed)
    end
    return r.isCompleted and snoozed
  end, 100)
  vim.fn.jobstop(agent)
  vim.fn.jobwait({ agent }, 5000)
  vim.ui.select = real_select
  -- the changes made here refresh the list: let that finish before the next test stops the server
  vim.wait(1500, function() return false end, 50)
  wait_for(view.idle, 5000, 'pending refreshes')
  truthy(ok, 'tea completed and the bank snoozed, through the plugin: ' .. vim.inspect(asked))
  eq(2, #asked, 'asked once per alarm')
  truthy(notified('⏰ Make tea'), 'a message')
  eq({ 'Complete', 'Snooze 10 minutes', 'Dismiss' }, asked[1].choices, 'choices')
end)

test(':RemindersStop shuts the server down', function()
  local client = truthy(remindersd.client(), 'running')
  local pid = client.pid
  vim.cmd('RemindersStop')
  wait_for(function()
    return not client.running
  end, 5000, 'the server to exit')
  eq(nil, remindersd.client(), 'client')
  vim.fn.system({ 'kill', '-0', tostring(pid) })
  truthy(vim.v.shell_error ~= 0, 'process gone')
end)

if vim.env.RD_TRANSCRIPT and vim.env.RD_TRANSCRIPT ~= '' then
  vim.fn.writefile(transcript, vim.env.RD_TRANSCRIPT)
end
log(string.format('# %d passed, %d failed', results.passed, results.failed))
if results.failed > 0 then
  vim.cmd('cquit 1')
else
  vim.cmd('qall!')
end
