"""Date formats the site sets itself (settings.FORMAT_MODULE_PATH); a language without
a module here keeps Django's."""
