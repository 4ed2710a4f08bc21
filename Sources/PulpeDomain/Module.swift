// Placeholder: replaced as the module gets real code.
