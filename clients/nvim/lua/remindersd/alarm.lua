-- An alarm the agent fired (the server's alarmFired): a message, then a choice — complete the
-- reminder, or snooze the alarm — as Reminders offers them on a Mac.

local A = {}

local function single_line(s)
  return (tostring(s or ''):gsub('[%c]+', ' '))
end

--- The message: "⏰ Call the bank (due 2026-12-02 09:00)", with "late" or the place's crossing.
function A.message(params)
  local reminder, alarm = params.reminder or {}, params.alarm or {}
  local msg = '⏰ ' .. single_line(reminder.title)
  if params.occurrenceDate and params.occurrenceDate ~= vim.NIL then
    msg = msg .. ' (due ' .. A.local_time(params.occurrenceDate) .. ')'
  end
  if params.reason == 'enter' or params.reason == 'leave' then
    local place = alarm.structuredLocation and alarm.structuredLocation.title or 'the place'
    msg = msg .. (params.reason == 'enter' and ' — arrived at ' or ' — left ') .. single_line(place)
  end
  if params.late then
    msg = msg .. ' — late: it came due while no agent ran'
  end
  return msg
end

--- An RFC 3339 instant as local "YYYY-MM-DD HH:MM".
function A.local_time(instant)
  local y, mo, d, h, mi, s = tostring(instant):match('^(%d+)-(%d+)-(%d+)T(%d+):(%d+):(%d+)')
  if not y then
    return tostring(instant)
  end
  local utc = os.time({ year = y, month = mo, day = d, hour = h, min = mi, sec = s, isdst = false })
  -- os.time reads the table as local time: add the zone's offset back.
  local offset = os.difftime(utc, os.time(os.date('!*t', utc)))
  return os.date('%Y-%m-%d %H:%M', utc + offset)
end

--- Shows the alarm and asks what to do; `R` is the plugin (require('remindersd')).
function A.show(R, params)
  local reminder, alarm = params.reminder or {}, params.alarm or {}
  R._notify(A.message(params), vim.log.levels.WARN)
  -- Only a time alarm can be snoozed by a client (snoozeAlarm); a place's is fired by moving.
  local choices = { 'Complete' }
  if params.reason ~= 'enter' and params.reason ~= 'leave' then
    table.insert(choices, 'Snooze ' .. R.config.snooze_minutes .. ' minutes')
  end
  table.insert(choices, 'Dismiss')
  vim.ui.select(choices, { prompt = A.message(params) }, function(choice)
    if not choice or choice == 'Dismiss' then
      return
    end
    local done = function(err)
      if err then
        R._notify(R.error_message(err), vim.log.levels.ERROR)
      end
    end
    if choice == 'Complete' then
      R.request('saveReminder', { reminder = { calendarItemIdentifier = reminder.calendarItemIdentifier, isCompleted = true } }, done)
    else
      R.request('snoozeAlarm', {
        identifier = reminder.calendarItemIdentifier,
        alarmIdentifier = alarm.alarmIdentifier,
        minutes = R.config.snooze_minutes,
      }, done)
    end
  end)
end

return A
