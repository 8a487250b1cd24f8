-- Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
local M = {}

local defaults = {
  width = 80,
  theme = "dark",
  plugins = { "git", "lsp" },
}

function M.setup(options)
  options = options or {}
  for key, value in pairs(defaults) do
    if options[key] == nil then
      options[key] = value
    end
  end
  M.options = options
  return M
end

function M.describe()
  return string.format("%d columns, %s theme", M.options.width, M.options.theme)
end

return M
