// A small String Catalog in Xcode's layout for the tests: English source, a Czech and a German localization.

export const CATALOG = `{
  "sourceLanguage" : "en",
  "strings" : {
    "" : {
      "shouldTranslate" : false
    },
    "%lld files" : {
      "comment" : "Number of files in the folder",
      "localizations" : {
        "cs" : {
          "variations" : {
            "plural" : {
              "few" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld soubory"
                }
              },
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld soubor"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld souborů"
                }
              }
            }
          }
        },
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld file"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld files"
                }
              }
            }
          }
        }
      }
    },
    "Cancel" : {

    },
    "Old label" : {
      "extractionState" : "stale",
      "localizations" : {
        "cs" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Starý popisek"
          }
        }
      }
    },
    "Open the settings" : {
      "comment" : "Button title",
      "localizations" : {
        "cs" : {
          "stringUnit" : {
            "state" : "needs_review",
            "value" : "Otevřít nastavení"
          }
        },
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Einstellungen öffnen"
          }
        }
      }
    },
    "Tap to continue" : {
      "extractionState" : "manual",
      "localizations" : {
        "cs" : {
          "variations" : {
            "device" : {
              "iphone" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Klepnutím pokračujte"
                }
              },
              "mac" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Kliknutím pokračujte"
                }
              }
            }
          }
        },
        "en" : {
          "variations" : {
            "device" : {
              "iphone" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Tap to continue"
                }
              },
              "mac" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Click to continue"
                }
              }
            }
          }
        }
      }
    },
    "You have %#@apples@ and %#@pears@" : {
      "localizations" : {
        "cs" : {
          "stringUnit" : {
            "state" : "new",
            "value" : "Máte %#@apples@ a %#@pears@"
          },
          "substitutions" : {
            "apples" : {
              "argNum" : 1,
              "formatSpecifier" : "lld",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg jablko"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg jablek"
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  },
  "version" : "1.0"
}`;
