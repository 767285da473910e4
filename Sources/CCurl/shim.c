// An empty C file so that SwiftPM builds this target; the module map links the system library.
