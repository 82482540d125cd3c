-- :RemindersCapture — the TODO/FIXME comment under the cursor becomes a reminder whose
-- notes and url (file:///abs/path#L42) point back to the file and line.

local R = require('remindersd')

local C = {}

local closers = { '%*/', '%-%->', '#}', '%%}', '%-%-%]%]', '%]%]' }

--- Finds the first keyword comment in a line.
--- Returns { keyword, text, author } or nil and a reason.
function C.parse(line, keywords)
  local best
  for _, kw in ipairs(keywords) do
    local s, e = line:find('%f[%w_]' .. vim.pesc(kw) .. '%f[^%w_]')
    if s and (not best or s < best.s) then
      best = { s = s, e = e, keyword = kw }
    end
  end
  if not best then
    return nil, 'no ' .. table.concat(keywords, '/') .. ' on this line'
  end
  local rest = line:sub(best.e + 1)
  local author = rest:match('^%(([^)]*)%)')
  if author then
    rest = rest:gsub('^%b()', '', 1)
  end
  rest = rest:gsub('^%s*[:%-]?%s*', '', 1)
  for _, closer in ipairs(closers) do
    rest = rest:gsub('%s*' .. closer .. '%s*$', '')
  end
  rest = vim.trim(rest)
  if rest == '' then
    return nil, best.keyword .. ' without text'
  end
  return { keyword = best.keyword, text = rest, author = author }
end

--- file:///abs/path#L42, with the path percent-encoded.
function C.file_url(path, lnum)
  local encoded = path:gsub('[^%w/%._~%-]', function(ch)
    return string.format('%%%02X', ch:byte())
  end)
  return 'file://' .. encoded .. (lnum and ('#L' .. lnum) or '')
end

--- The reminder a line of a file would become (a table for saveReminder), or nil and a reason.
function C.reminder_for(line, path, lnum)
  local todo, why = C.parse(line, R.config.capture_keywords)
  if not todo then
    return nil, why
  end
  local notes = string.format('%s at %s:%d\n\n%s', todo.keyword, path, lnum, vim.trim(line))
  return {
    title = todo.text,
    notes = notes,
    url = C.file_url(path, lnum),
    priority = (R.config.capture_priority or {})[todo.keyword] or 0,
  }, todo
end

-- The identifier of the configured capture list, creating the list when missing.
local function capture_calendar(callback)
  local title = R.config.capture_list
  if not title then
    return callback(nil, nil)
  end
  R.request('calendars', { entityType = 'reminder' }, function(err, result)
    if err then
      return callback(err)
    end
    for _, c in ipairs(result.calendars) do
      if c.title == title then
        return callback(nil, c.calendarIdentifier)
      end
    end
    R.request('saveCalendar', { calendar = { title = title } }, function(serr, saved)
      callback(serr, saved and saved.calendar.calendarIdentifier)
    end)
  end)
end

--- Captures the comment on the cursor line of the current buffer. callback(err, reminder).
function C.capture_current(callback)
  callback = callback or function() end
  local buf = vim.api.nvim_get_current_buf()
  local name = vim.api.nvim_buf_get_name(buf)
  local function fail(msg)
    R._notify(msg, vim.log.levels.WARN)
    callback({ code = -1, message = msg })
  end
  if name == '' or vim.bo[buf].buftype ~= '' then
    return fail('capture works on a file buffer (save this one first)')
  end
  local path = vim.fn.fnamemodify(name, ':p')
  local lnum = vim.api.nvim_win_get_cursor(0)[1]
  local line = vim.api.nvim_get_current_line()
  local reminder, todo = C.reminder_for(line, path, lnum)
  if not reminder then
    return fail(todo)
  end
  capture_calendar(function(cerr, calendar_id)
    if cerr then
      R._notify(R.error_message(cerr), vim.log.levels.ERROR)
      return callback(cerr)
    end
    reminder.calendarIdentifier = calendar_id
    R.add(reminder, function(err, saved)
      if err then
        R._notify(R.error_message(err), vim.log.levels.ERROR)
        return callback(err)
      end
      R._notify(string.format('captured “%s” (%s:%d)', saved.title, vim.fn.fnamemodify(path, ':t'), lnum))
      callback(nil, saved)
    end)
  end)
end

return C
