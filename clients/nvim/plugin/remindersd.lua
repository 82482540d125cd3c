-- Loaded at startup when clients/nvim is on 'runtimepath'. Everything else loads on first use.
if vim.g.loaded_remindersd or vim.fn.has('nvim-0.7') ~= 1 then
  return
end
vim.g.loaded_remindersd = true

require('remindersd.commands').define()

vim.api.nvim_create_autocmd('VimLeavePre', {
  group = vim.api.nvim_create_augroup('remindersd_exit', { clear = true }),
  callback = function()
    if package.loaded['remindersd'] then
      require('remindersd').stop()
    end
  end,
})
