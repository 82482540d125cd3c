-- User commands; defined by plugin/remindersd.lua at startup and again by setup().
local M = {}

function M.define()
  local cmd = vim.api.nvim_create_user_command
  cmd('Reminders', function()
    require('remindersd').open()
  end, { desc = 'remindersd: list incomplete reminders' })
  cmd('RemindersAdd', function(args)
    require('remindersd').add_command(args.args)
  end, { nargs = '*', desc = 'remindersd: add a reminder to the default list' })
  cmd('RemindersCapture', function()
    require('remindersd').capture()
  end, { desc = 'remindersd: turn the TODO/FIXME comment under the cursor into a reminder' })
  cmd('RemindersRefresh', function()
    require('remindersd.view').refresh()
  end, { desc = 'remindersd: refresh the list buffer' })
  cmd('RemindersStatus', function()
    require('remindersd').status()
  end, { desc = 'remindersd: server and authorization status' })
  cmd('RemindersStop', function()
    require('remindersd').stop()
  end, { desc = 'remindersd: stop the server' })
end

return M
