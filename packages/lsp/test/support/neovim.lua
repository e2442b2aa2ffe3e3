-- Neovim's built-in LSP client (0.7, vim.lsp.start_client) attached to url-grammar lsp, run
-- headless by test/neovim.test.ts. Reads its orders from the JSON file named by
-- URL_GRAMMAR_LSP_TEST, writes what it saw to the file named there as "out":
--   mode "check": for each file, the diagnostics received (0-based line and UTF-16 column of start
--   and end, and code), then the code action named for that file applied through the client's own
--   code_action (vim.ui.select answered with that action) and the buffer written; then
--   vim.lsp.stop_client (shutdown, exit) and the server's exit code;
--   mode "die": attaches to one file, writes the server's process id, and waits to be killed.
local config = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('URL_GRAMMAR_LSP_TEST')), '\n'))
local out = { files = {} }
local function save()
  vim.fn.writefile({ vim.fn.json_encode(out) }, config.out)
end

vim.cmd('filetype on')
local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = 'url-grammar',
    cmd = config.cmd,
    root_dir = config.root,
    on_exit = function(code, signal)
      out.exit = { code = code, signal = signal }
    end,
  })
  assert(client_id, 'the client did not start')
  local client = vim.lsp.get_client_by_id(client_id)
  out.pid = client.rpc.pid
  save()
  for _, file in ipairs(config.files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file.path))
    local buf = vim.api.nvim_get_current_buf()
    vim.lsp.buf_attach_client(buf, client_id)
    assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) >= file.count end, 20), 'no diagnostics for ' .. file.path)
    local got = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] or ''
      local end_line = vim.api.nvim_buf_get_lines(buf, d.end_lnum, d.end_lnum + 1, false)[1] or ''
      local _, col = vim.str_utfindex(line, d.col)
      local _, end_col = vim.str_utfindex(end_line, d.end_col)
      table.insert(got, { d.lnum, col, d.end_lnum, end_col, d.code })
    end
    local entry = { path = file.path, filetype = vim.bo[buf].filetype, diagnostics = got }
    out.files[#out.files + 1] = entry
    save()
    if config.mode == 'die' then
      vim.wait(600000, function() return false end, 1000)
    end
    -- the code action, chosen as a user would in the menu vim.ui.select shows
    vim.api.nvim_win_set_cursor(0, { file.line + 1, file.character })
    local chosen = nil
    vim.ui.select = function(items, _, on_choice)
      for _, item in ipairs(items) do
        if item[2].title:sub(1, #file.action) == file.action then
          chosen = item[2].title
          on_choice(item)
          return
        end
      end
      on_choice(nil)
    end
    local tick = vim.api.nvim_buf_get_changedtick(buf)
    vim.lsp.buf.code_action({ only = { file.kind } })
    assert(vim.wait(20000, function() return vim.api.nvim_buf_get_changedtick(buf) ~= tick end, 20), 'the code action changed nothing in ' .. file.path)
    entry.action = chosen
    vim.cmd('write')
    save()
  end
  vim.lsp.stop_client(client_id)
  assert(vim.wait(20000, function() return out.exit ~= nil end, 20), 'the server did not exit')
end)
if not ok then out.error = tostring(err) end
save()
vim.cmd(ok and 'qall!' or 'cquit!')
