;;; remindersd.el --- Your reminders from remindersd, in Emacs  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (jsonrpc "1.0.14"))
;; Keywords: calendar, convenience, tools

;;; Commentary:

;; A client for remindersd, an EventKit-compatible reminders store served as JSON-RPC 2.0
;; over stdio.  It talks to the server with Emacs's own `jsonrpc.el' (LSP framing).
;;
;;   M-x remindersd-list      a `tabulated-list-mode' buffer of incomplete reminders
;;                            (RET/x toggles completion, a adds, o visits a captured
;;                            file and line, g refreshes, q quits)
;;   M-x remindersd-add       a new reminder in the default list (C-u: choose the list)
;;   M-x remindersd-capture   the TODO/FIXME comment at point becomes a reminder whose
;;                            notes and url (file:///abs/path#L42) point back to it
;;   M-x remindersd-status    server and authorization status
;;   M-x remindersd-shutdown  stop the server
;;
;; The list refreshes itself on the server's `storeChanged' notification.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'subr-x)
(require 'seq)
(require 'tabulated-list)
(require 'url-util)

(defconst remindersd-version "0.1.0")

(defgroup remindersd nil
  "Reminders from remindersd."
  :group 'calendar
  :prefix "remindersd-")

(defcustom remindersd-program nil
  "The remindersd binary.
nil means $REMINDERSD_BIN, else \"remindersd\" on `exec-path'."
  :type '(choice (const :tag "$REMINDERSD_BIN or remindersd" nil) file))

(defcustom remindersd-program-args '("serve" "--no-consent-prompt")
  "Arguments for the server.
`--no-consent-prompt' keeps the server off the terminal Emacs may be running in."
  :type '(repeat string))

(defcustom remindersd-store nil
  "The store file, passed as --store; nil means the server's default."
  :type '(choice (const :tag "Server default" nil) file))

(defcustom remindersd-consent-agent nil
  "A program the server runs to ask you for consent (--consent-agent), or nil."
  :type '(choice (const nil) string))

(defcustom remindersd-client-name "remindersd.el"
  "The identity remindersd authorizes (clientInfo.name)."
  :type 'string)

(defcustom remindersd-time-zone nil
  "IANA time zone for floating and all-day dates; nil means the server's zone."
  :type '(choice (const nil) string))

(defcustom remindersd-request-access t
  "Whether to call requestAccess when the client is not authorized yet."
  :type 'boolean)

(defcustom remindersd-usage-description
  "Shows your reminders in Emacs, toggles them and captures TODO comments as reminders."
  "Why this client wants access (requestAccess's usageDescription)."
  :type 'string)

(defcustom remindersd-consent-timeout 65
  "Seconds to wait for a requestAccess answer (the server waits 60 for the owner)."
  :type 'number)

(defcustom remindersd-capture-keywords '("TODO" "FIXME")
  "Comment keywords `remindersd-capture' recognizes (case-sensitive)."
  :type '(repeat string))

(defcustom remindersd-capture-priorities '(("FIXME" . 1))
  "Priority of captured reminders by keyword (0 none, 1 highest … 9 lowest)."
  :type '(alist :key-type string :value-type integer))

(defcustom remindersd-capture-list nil
  "Title of the list captured reminders go to (created when missing).
nil means the default list."
  :type '(choice (const nil) string))

(defcustom remindersd-alarms t
  "Non-nil: hear the alarms `remindersd agent' fires (the server's alarmFired).
Each is shown in the echo area and asks whether to complete the reminder or
snooze the alarm."
  :type 'boolean)

(defcustom remindersd-alarm-at-due-time t
  "Whether a reminder added with a due time rings then.
Non-nil: `remindersd-save' asks the server for an alarm at the due time (as
Apple's Reminders app rings) unless the reminder brings alarms of its own."
  :type 'boolean)

(defcustom remindersd-snooze-minutes 10
  "How long the Snooze choice of an alarm snoozes it."
  :type 'integer)

(defcustom remindersd-events-buffer-size 0
  "Size of the jsonrpc events buffer, for debugging.
0 disables it, nil means unlimited."
  :type '(choice (const nil) integer))

(defface remindersd-overdue '((t :inherit error)) "Due dates in the past.")
(defface remindersd-done '((t :inherit shadow)) "Completed reminders.")
(defface remindersd-priority '((t :inherit warning)) "Priority marks.")
(defface remindersd-source '((t :inherit shadow)) "The file and line of captured reminders.")

;;;; Connection

(defvar remindersd--connection nil "The live `jsonrpc-process-connection', or nil.")
(defvar remindersd--auth-status nil "This client's last known authorization status.")
(defvar remindersd--server-info nil "The server's initialize result.")
(defvar remindersd--notification-counts nil "Alist of notification method → count received.")
(defvar remindersd--starting nil "Non-nil while the server is being started and initialized.")
(defvar remindersd--refresh-timer nil "A pending refresh of the list buffers.")

(defconst remindersd--installed-program "remindersd"
  "The remindersd installed with this package.
scripts/install writes its path here; from a checkout,
remindersd on `exec-path'.")

(defun remindersd--program ()
  (or remindersd-program
      (let ((env (getenv "REMINDERSD_BIN"))) (and env (not (string-empty-p env)) env))
      remindersd--installed-program))

(defun remindersd-command ()
  "The server's command line as configured."
  (append (list (remindersd--program))
          remindersd-program-args
          (when (and remindersd-store (not (member "--store" remindersd-program-args)))
            (list "--store" (expand-file-name remindersd-store)))
          (when (and remindersd-consent-agent (not (member "--consent-agent" remindersd-program-args)))
            (list "--consent-agent" remindersd-consent-agent))))

(defun remindersd--shell-quote (s)
  (if (string-match-p "\\`[[:alnum:]_./:@%+=,-]+\\'" s) s (shell-quote-argument s)))

(defun remindersd-grant-hint ()
  "The shell command that grants this client access.
For this name run by this Emacs (the program that starts the server), so it
works whether or not it has asked before."
  (concat "remindersd permissions set " (remindersd--shell-quote remindersd-client-name) " fullAccess"
          " --program " (remindersd--shell-quote (file-truename (expand-file-name invocation-name invocation-directory)))
          (if remindersd-store
              (concat " --store " (remindersd--shell-quote (expand-file-name remindersd-store)))
            "")))

(defun remindersd-unauthorized-message (&optional status)
  "Explains how to grant access, for STATUS."
  (let ((status (or status remindersd--auth-status "unknown")))
    (concat
     (format "%s may not read your reminders (status: %s).  To grant it access, run in a shell:\n    %s\n"
             remindersd-client-name status (remindersd-grant-hint))
     (if (equal status "notDetermined")
         (concat "Or have remindersd ask you, then press g here:\n"
                 "    remindersd permissions consent-agent --desktop   (a notification with Allow and Deny)\n"
                 "    remindersd permissions consent-agent --terminal  (then, in a terminal: remindersd permissions listen)\n")
       "")
     "This list redraws by itself once access is granted.")))

(defun remindersd--json-false-p (v) (or (null v) (eq v :json-false)))

(defun remindersd--params (params)
  "PARAMS, with nil as an empty JSON object (jsonrpc.el would send null)."
  (or params (make-hash-table)))

;; remindersd builds before commit 90fdea4 could answer the first LSP request in NDJSON,
;; which jsonrpc.el's filter cannot read (it only understands `Content-Length' frames).
;; Until the first LSP frame arrives, JSON lines are wrapped in a frame; after it, output
;; passes untouched (a server's framing never changes back).
(defun remindersd--reframe (args)
  "Filter-args advice for the process filter: ARGS is (PROC STRING)."
  (let ((proc (car args)) (string (cadr args)))
    (if (process-get proc 'remindersd-lsp-seen)
        args
      (let ((pending (concat (or (process-get proc 'remindersd-pending) "") string))
            (out '()))
        (catch 'done
          (while t
            (let ((start (string-match "[^ \t\r\n]" pending)))
              (cond
               ((null start) (setq pending "") (throw 'done nil))
               ((memq (aref pending start) '(?\{ ?\[))
                (let ((nl (string-search "\n" pending start)))
                  (unless nl
                    (setq pending (substring pending start))
                    (throw 'done nil))
                  (let ((line (string-trim-right (substring pending start nl) "\r")))
                    (push (format "Content-Length: %d\r\n\r\n%s" (string-bytes line) line) out)
                    (setq pending (substring pending (1+ nl))))))
               (t
                (process-put proc 'remindersd-lsp-seen t)
                (push (substring pending start) out)
                (setq pending "")
                (throw 'done nil))))))
        (process-put proc 'remindersd-pending pending)
        (list proc (apply #'concat (nreverse out)))))))

(defun remindersd--handle-notification (_conn method params)
  (let ((cell (assq method remindersd--notification-counts)))
    (if cell (cl-incf (cdr cell)) (push (cons method 1) remindersd--notification-counts)))
  (pcase method
    ('storeChanged (remindersd--schedule-refresh))
    ('authorizationChanged
     (when-let ((status (plist-get params :status))) (setq remindersd--auth-status status))
     (remindersd--schedule-refresh))
    ;; Asked later, not inside the process filter that delivered it.
    ('alarmFired (run-at-time 0 nil #'remindersd-alarm params))))

(defun remindersd--on-shutdown (conn)
  (when (eq conn remindersd--connection)
    (setq remindersd--connection nil)))

(defun remindersd--error-message (err)
  "A readable message for ERR, the data of a `jsonrpc-error'."
  (let* ((data (if (and (consp err) (stringp (car err))) (cdr err) err))
         (code (alist-get 'jsonrpc-error-code data))
         (message (alist-get 'jsonrpc-error-message data))
         (edata (alist-get 'jsonrpc-error-data data)))
    (cond
     ((eql code -32010)
      (when-let ((status (plist-get edata :status))) (setq remindersd--auth-status status))
      (remindersd-unauthorized-message (plist-get edata :status)))
     ((plist-get edata :field)
      (format "%s [%s%s]" message (plist-get edata :field)
              (if (plist-get edata :reason) (concat ", " (plist-get edata :reason)) "")))
     (t (or message (format "%S" err))))))

(defun remindersd--error-code (err)
  (alist-get 'jsonrpc-error-code (if (and (consp err) (stringp (car err))) (cdr err) err)))

(defun remindersd--start ()
  "Starts the server, initializes it and checks (or requests) authorization."
  (let* ((command (remindersd-command))
         (name "remindersd")
         (proc nil))
    (unless (executable-find (car command))
      (user-error "remindersd: cannot run %s; set REMINDERSD_BIN or `remindersd-program'" (car command)))
    (let* ((conn (make-instance
                  'jsonrpc-process-connection
                  :name name
                  :events-buffer-scrollback-size remindersd-events-buffer-size
                  :process (lambda ()
                             (setq proc (make-process
                                         :name name
                                         :command command
                                         :connection-type 'pipe
                                         :coding 'utf-8-emacs-unix
                                         :noquery t
                                         :stderr (get-buffer-create (format "*%s stderr*" name)))))
                  :notification-dispatcher #'remindersd--handle-notification
                  :request-dispatcher #'ignore
                  :on-shutdown #'remindersd--on-shutdown)))
      (add-function :filter-args (process-filter proc) #'remindersd--reframe)
      (setq remindersd--notification-counts nil)
      (condition-case err
          (let ((remindersd--starting t))
            (setq remindersd--server-info
                  (jsonrpc-request conn :initialize
                                   `(:clientInfo (:name ,remindersd-client-name :version ,remindersd-version)
                                                 :processId ,(emacs-pid)
                                                 :capabilities (:alarms ,(if remindersd-alarms t :json-false))
                                                 ,@(when remindersd-time-zone (list :timeZone remindersd-time-zone)))))
            (jsonrpc-notify conn :initialized (make-hash-table))
            (let ((status (plist-get (jsonrpc-request conn :authorizationStatus '(:entityType "reminder")) :status)))
              (when (and remindersd-request-access (member status '("notDetermined" "writeOnly")))
                (setq status (plist-get (jsonrpc-request conn :requestAccess
                                                         `(:entityType "reminder" :level "full"
                                                                       :usageDescription ,remindersd-usage-description)
                                                         :timeout remindersd-consent-timeout)
                                        :status)))
              (setq remindersd--auth-status status)
              (unless (equal status "fullAccess")
                (message "remindersd: not authorized (status %s); the list says how to grant access" status))))
        (error
         (remindersd--stop conn)
         (error "remindersd: cannot start %s: %s" (car command)
                (if (eq (car err) 'jsonrpc-error) (remindersd--error-message (cdr err)) (error-message-string err)))))
      (setq remindersd--connection conn))))

(defun remindersd-connection ()
  "The running, initialized connection; starts the server when needed."
  (cond ((and remindersd--connection (jsonrpc-running-p remindersd--connection))
         remindersd--connection)
        (remindersd--starting (error "remindersd: the server is still starting"))
        (t (remindersd--start))))

(defun remindersd-request (method &optional params &rest args)
  "Calls METHOD (a keyword) with PARAMS (a plist) and waits for the result.
ARGS are passed to `jsonrpc-request' (e.g. :timeout).
Errors signal `jsonrpc-error'."
  (apply #'jsonrpc-request (remindersd-connection) method (remindersd--params params) args))

(defmacro remindersd--with-errors (&rest body)
  "Runs BODY, turning JSON-RPC errors into readable `user-error's."
  (declare (indent 0) (debug t))
  `(condition-case err
       (progn ,@body)
     (jsonrpc-error (user-error "remindersd: %s" (remindersd--error-message (cdr err))))))

(defun remindersd--alarm-message (params)
  "The line an alarm (alarmFired PARAMS) is shown as."
  (let* ((reminder (plist-get params :reminder))
         (due (plist-get params :occurrenceDate))
         (reason (plist-get params :reason))
         (place (plist-get (plist-get (plist-get params :alarm) :structuredLocation) :title)))
    (concat "⏰ " (replace-regexp-in-string "[[:cntrl:]]+" " " (or (plist-get reminder :title) ""))
            (when (stringp due)
              (format " (due %s)" (format-time-string "%Y-%m-%d %H:%M" (date-to-time due))))
            (pcase reason
              ("enter" (format " — arrived at %s" (or place "the place")))
              ("leave" (format " — left %s" (or place "the place"))))
            (when (eq (plist-get params :late) t) " — late: it came due while no agent ran"))))

(defun remindersd-alarm (params)
  "Shows the alarm PARAMS (an alarmFired) and carries out the choice.
The choices: complete the reminder, snooze the alarm, or nothing.  Only a time
alarm can be snoozed from here; a place's fires by moving."
  (let* ((reminder (plist-get params :reminder))
         (id (plist-get reminder :calendarItemIdentifier))
         (time-alarm (not (member (plist-get params :reason) '("enter" "leave"))))
         (choices (append '((?c "complete" "Complete the reminder"))
                          (when time-alarm
                            `((?s "snooze" ,(format "Fire again in %d minutes" remindersd-snooze-minutes))))
                          '((?d "dismiss" "Nothing more"))))
         (choice (cadr (read-multiple-choice (remindersd--alarm-message params) choices))))
    (remindersd--with-errors
      (pcase choice
        ("complete" (remindersd-request :saveReminder `(:reminder (:calendarItemIdentifier ,id :isCompleted t)))
                    (message "remindersd: completed %s" (plist-get reminder :title)))
        ("snooze" (remindersd-request :snoozeAlarm `(:identifier ,id
                                                    :alarmIdentifier ,(plist-get (plist-get params :alarm) :alarmIdentifier)
                                                    :minutes ,remindersd-snooze-minutes))
                  (message "remindersd: snoozed for %d minutes" remindersd-snooze-minutes))))))

(defun remindersd--stop (conn)
  (let ((proc (jsonrpc--process conn)))
    (when (process-live-p proc)
      (ignore-errors (jsonrpc-request conn :shutdown (make-hash-table) :timeout 2))
      (ignore-errors (jsonrpc-notify conn :exit (make-hash-table)))
      (ignore-errors (process-send-eof proc))
      (with-timeout (3 nil)
        (while (process-live-p proc) (accept-process-output proc 0.05))))
    (jsonrpc-shutdown conn t)
    (when (eq conn remindersd--connection) (setq remindersd--connection nil))))

(defun remindersd-shutdown ()
  "Stops the server (LSP shutdown and exit)."
  (interactive)
  (when remindersd--refresh-timer
    (cancel-timer remindersd--refresh-timer)
    (setq remindersd--refresh-timer nil))
  (when remindersd--connection
    (remindersd--stop remindersd--connection)))

(add-hook 'kill-emacs-hook
          (lambda ()
            (when (and remindersd--connection (jsonrpc-running-p remindersd--connection))
              (ignore-errors (process-send-eof (jsonrpc--process remindersd--connection))))))

(defun remindersd-status ()
  "Shows the server and this client's authorization status."
  (interactive)
  (remindersd--with-errors
    (let* ((status (plist-get (remindersd-request :authorizationStatus '(:entityType "reminder")) :status))
           (info (plist-get remindersd--server-info :serverInfo)))
      (setq remindersd--auth-status status)
      (message "%s %s as %s: %s%s" (or (plist-get info :name) "remindersd") (or (plist-get info :version) "?")
               remindersd-client-name status
               (if (equal status "fullAccess") "" (concat "\n" (remindersd-unauthorized-message status)))))))

;;;; Formatting

(defun remindersd-format-due (c)
  "Due date components C as (TEXT OVERDUE).
TEXT is \"2026-12-01 09:00\", \"2026-12-01\" or \"\"."
  (if (not (plist-get c :year))
      (list "" nil)
    (let* ((y (plist-get c :year)) (m (or (plist-get c :month) 1)) (d (or (plist-get c :day) 1))
           (h (plist-get c :hour)) (mi (or (plist-get c :minute) 0)) (tz (plist-get c :timeZone))
           (text (format "%04d-%02d-%02d" y m d))
           (key (format "%04d%02d%02d" y m d))
           overdue)
      (if h
          (setq text (format "%s %02d:%02d" text h mi)
                key (format "%s%02d%02d" key h mi)
                overdue (string< key (format-time-string "%Y%m%d%H%M")))
        (setq overdue (string< key (format-time-string "%Y%m%d"))))
      (when tz (setq text (concat text " " tz)))
      (list text overdue))))

(defun remindersd-format-priority (p)
  "EventKit priority P: 1–4 high (!!!), 5 medium (!!), 6–9 low (!), 0 none."
  (cond ((or (null p) (eql p 0)) "") ((<= p 4) "!!!") ((= p 5) "!!") (t "!")))

(defun remindersd-source (reminder)
  "(PATH LINE) of a reminder captured from a file (url file:///abs/path#L42), or nil."
  (let ((url (plist-get reminder :url)))
    (when (and (stringp url) (string-match "\\`file://\\(/[^#]*\\)\\(?:#L\\([0-9]+\\)\\)?\\'" url))
      (let ((path (match-string 1 url))
            (line (match-string 2 url)))
        (list (decode-coding-string (url-unhex-string path) 'utf-8)
              (and line (string-to-number line)))))))

(defun remindersd--single-line (s) (replace-regexp-in-string "[\r\n]+" " " (or s "")))

(defun remindersd--sort-key (r)
  (let ((c (plist-get r :dueDateComponents)))
    (concat (if (plist-get c :year)
                (format "%04d%02d%02d%02d%02d%02d" (plist-get c :year) (or (plist-get c :month) 1)
                        (or (plist-get c :day) 1) (or (plist-get c :hour) 0) (or (plist-get c :minute) 0)
                        (or (plist-get c :second) 0))
              "~")
            "|" (or (plist-get r :creationDate) "") "|" (plist-get r :calendarItemIdentifier))))

(defun remindersd--now-rfc3339 ()
  (format-time-string "%Y-%m-%dT%H:%M:%S.%3NZ" nil t))

;;;; The list buffer

(defvar-local remindersd--reminders nil "Hash table: identifier → reminder plist shown.")
(defvar-local remindersd--calendars nil "Alist: calendar identifier → calendar plist.")
(defvar-local remindersd--opened-at nil "Reminders completed since then stay listed, checked.")
(defvar-local remindersd--message nil "A message shown instead of the list (errors, no access).")
(defvar-local remindersd--generation 0)
(defconst remindersd--due-prompt "Due (tomorrow 9am, in 3 days, next monday; empty for none): "
  "What the commands that take a due date ask.")

(defvar-local remindersd--toggling nil "Identifiers with a completion change in flight.")
(defvar remindersd-list-renders 0 "How many times a list buffer was redrawn (for tests).")

(defvar remindersd-list-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'remindersd-list-toggle)
    (define-key map "x" #'remindersd-list-toggle)
    (define-key map "a" #'remindersd-list-add)
    (define-key map "+" #'remindersd-list-add)
    (define-key map "d" #'remindersd-list-set-due)
    (define-key map "R" #'remindersd-list-set-repeat)
    (define-key map "u" #'remindersd-undo)
    (define-key map "o" #'remindersd-list-visit-source)
    map)
  "Keys of `remindersd-list-mode'.
Those of `tabulated-list-mode' apply too: g refresh, q quit, S sort.")

(define-derived-mode remindersd-list-mode tabulated-list-mode "Reminders"
  "Incomplete reminders from remindersd.
\\<remindersd-list-mode-map>\\[remindersd-list-toggle] toggles completion, \\[remindersd-list-add] adds,
\\[remindersd-list-set-due] sets the due date as you would say it,
\\[remindersd-list-set-repeat] how often it repeats (\"every monday\"),
\\[remindersd-undo] undoes your last change (again: one further back),
\\[remindersd-list-visit-source] visits a captured file and line,
\\[revert-buffer] refreshes.

\\{remindersd-list-mode-map}"
  (setq tabulated-list-padding 1
        tabulated-list-sort-key nil
        remindersd--reminders (make-hash-table :test #'equal))
  (add-hook 'tabulated-list-revert-hook #'remindersd--revert nil t)
  (remindersd--set-format 20))

(defun remindersd--set-format (title-width)
  (setq tabulated-list-format
        (vector '("✓" 3 nil)
                `("Due" 16 ,(lambda (a b) (string< (remindersd--sort-key (remindersd--entry-reminder a))
                                                    (remindersd--sort-key (remindersd--entry-reminder b)))))
                `("Pri" 3 ,(lambda (a b) (< (remindersd--rank (remindersd--entry-reminder a))
                                             (remindersd--rank (remindersd--entry-reminder b)))))
                (list "Title" title-width t)
                '("List" 16 t)))
  (tabulated-list-init-header))

(defun remindersd--rank (r) (let ((p (or (plist-get r :priority) 0))) (if (eql p 0) 10 p)))

(defun remindersd--entry-reminder (entry)
  (gethash (car entry) remindersd--reminders))

(defun remindersd--entry (r)
  "The `tabulated-list-entries' element for reminder R."
  (let* ((done (not (remindersd--json-false-p (plist-get r :isCompleted))))
         (due (remindersd-format-due (plist-get r :dueDateComponents)))
         (prio (remindersd-format-priority (plist-get r :priority)))
         (cal (alist-get (plist-get r :calendarIdentifier) remindersd--calendars nil nil #'equal))
         (source (remindersd-source r))
         (title (concat (remindersd--single-line (plist-get r :title))
                        (if source
                            (propertize (format "  (%s%s)" (file-name-nondirectory (car source))
                                                (if (cadr source) (format ":%d" (cadr source)) ""))
                                        'face 'remindersd-source)
                          "")))
         (cols (vector (if done "[x]" "[ ]")
                       (propertize (car due) 'face (and (cadr due) (not done) 'remindersd-overdue))
                       (propertize prio 'face 'remindersd-priority)
                       title
                       (remindersd--single-line (plist-get cal :title)))))
    (when done
      (dotimes (i (length cols))
        (aset cols i (propertize (substring-no-properties (aref cols i)) 'face 'remindersd-done))))
    (list (plist-get r :calendarItemIdentifier) cols)))

(defun remindersd--print ()
  "Redraws the list buffer from `remindersd--reminders'.
Point stays on the reminder it was on."
  (let* ((reminders (sort (hash-table-values remindersd--reminders)
                          (lambda (a b) (string< (remindersd--sort-key a) (remindersd--sort-key b)))))
         (open (cl-count-if (lambda (r) (remindersd--json-false-p (plist-get r :isCompleted))) reminders))
         (entries (mapcar #'remindersd--entry reminders)))
    (remindersd--set-format
     (apply #'max 10 (mapcar (lambda (e) (min 50 (1+ (string-width (aref (cadr e) 3))))) entries)))
    (setq tabulated-list-entries entries)
    (setq mode-line-process (format " %d open" open))
    (tabulated-list-print t)
    (when remindersd--message
      (let ((inhibit-read-only t))
        (save-excursion
          (goto-char (point-max))
          (insert "\n" remindersd--message "\n\nPress g to try again.\n"))))
    (cl-incf remindersd-list-renders)))

(defun remindersd--fetch-all (conn callback)
  "Fetches calendars, incomplete and recently completed reminders on CONN.
Then calls CALLBACK with ERR, CALENDARS and REMINDERS."
  (let ((results nil) (remaining 3) (failed nil) (opened-at (or remindersd--opened-at (remindersd--now-rfc3339))))
    (cl-flet ((collect (key)
                (list :success-fn (lambda (result)
                                    (push (cons key result) results)
                                    (when (and (zerop (cl-decf remaining)) (not failed))
                                      (funcall callback nil
                                               (plist-get (alist-get 'calendars results) :calendars)
                                               (vconcat (plist-get (alist-get 'open results) :reminders)
                                                        (plist-get (alist-get 'done results) :reminders)))))
                      :error-fn (lambda (err)
                                  (cl-decf remaining)
                                  (unless failed
                                    (setq failed t)
                                    (funcall callback
                                             `(nil (jsonrpc-error-code . ,(plist-get err :code))
                                                   (jsonrpc-error-message . ,(plist-get err :message))
                                                   (jsonrpc-error-data . ,(plist-get err :data)))
                                             nil nil))))))
      (apply #'jsonrpc-async-request conn :calendars '(:entityType "reminder") (collect 'calendars))
      (apply #'jsonrpc-async-request conn :fetchReminders '(:predicate (:kind "incomplete")) (collect 'open))
      (apply #'jsonrpc-async-request conn :fetchReminders
             `(:predicate (:kind "completed" :completionDateStarting ,opened-at)) (collect 'done)))))

(defun remindersd--show (buffer err calendars reminders)
  "Puts CALENDARS and REMINDERS (or ERR) into the list BUFFER."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (clrhash remindersd--reminders)
      (if err
          (let ((text (remindersd--error-message (cdr err))))
            (setq remindersd--message
                  (if (eql (remindersd--error-code (cdr err)) -32010)
                      (concat "Not authorized.\n\n" text)
                    (concat "Error: " text)))
            (message "remindersd: %s" text))
        (setq remindersd--message nil
              remindersd--calendars (mapcar (lambda (c) (cons (plist-get c :calendarIdentifier) c)) calendars))
        (seq-doseq (r reminders)
          (puthash (plist-get r :calendarItemIdentifier) r remindersd--reminders)))
      (remindersd--print))))

(defun remindersd-list-refresh (&optional async)
  "Refetches the current list buffer's reminders (in the background when ASYNC)."
  (interactive)
  (let ((buffer (current-buffer))
        (generation (cl-incf remindersd--generation))
        (conn (condition-case err (remindersd-connection)
                (error (setq remindersd--message (error-message-string err))
                       (message "%s" remindersd--message)
                       (clrhash remindersd--reminders)
                       (remindersd--print)
                       nil)))
        (done nil))
    (when conn
      (remindersd--fetch-all
       conn
       (lambda (err calendars reminders)
         (setq done t)
         (when (and (buffer-live-p buffer)
                    (eql generation (buffer-local-value 'remindersd--generation buffer)))
           (remindersd--show buffer err calendars reminders))))
      (unless async
        (with-timeout (15 (message "remindersd: timed out fetching reminders"))
          (while (not done) (accept-process-output nil 0.05)))))))

(defun remindersd--revert ()
  "g: refreshes; a client never decided on asks for access first, as the owner
may have recorded a consent agent since the list said how."
  (when (and remindersd-request-access (equal remindersd--auth-status "notDetermined"))
    (ignore-errors
      (let ((answer (jsonrpc-request (remindersd-connection) :requestAccess
                                     `(:entityType "reminder" :level "full" :usageDescription ,remindersd-usage-description)
                                     :timeout remindersd-consent-timeout)))
        (setq remindersd--auth-status (plist-get answer :status)))))
  (remindersd-list-refresh))

(defun remindersd--refresh-all ()
  (setq remindersd--refresh-timer nil)
  (if remindersd--starting
      (remindersd--schedule-refresh) ; the list is fetched once the server is up
    (dolist (buffer (buffer-list))
    (when (eq (buffer-local-value 'major-mode buffer) 'remindersd-list-mode)
      (with-current-buffer buffer (remindersd-list-refresh t))))))

(defun remindersd--schedule-refresh ()
  "Refreshes every list buffer soon, coalescing notifications and own writes."
  (unless remindersd--refresh-timer
    (setq remindersd--refresh-timer (run-at-time 0.02 nil #'remindersd--refresh-all))))

(defun remindersd-list-buffer ()
  "The list buffer, or nil."
  (get-buffer "*Reminders*"))

;;;###autoload
(defun remindersd-list ()
  "Shows incomplete reminders: due date, priority, title and list."
  (interactive)
  (let ((buffer (get-buffer-create "*Reminders*")))
    (with-current-buffer buffer
      (unless (eq major-mode 'remindersd-list-mode) (remindersd-list-mode))
      (setq remindersd--opened-at (remindersd--now-rfc3339))
      (remindersd-list-refresh))
    (pop-to-buffer-same-window buffer)
    buffer))

(defun remindersd--replace (reminder)
  "Updates REMINDER in every list buffer that shows it."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (and (eq major-mode 'remindersd-list-mode)
                 (gethash (plist-get reminder :calendarItemIdentifier) remindersd--reminders))
        (puthash (plist-get reminder :calendarItemIdentifier) reminder remindersd--reminders)
        (remindersd--print)))))

(defun remindersd-list-toggle ()
  "Completes the reminder at point, or un-completes it."
  (interactive)
  (let* ((id (or (tabulated-list-get-id) (user-error "No reminder on this line")))
         (r (gethash id remindersd--reminders))
         (title (remindersd--single-line (plist-get r :title))))
    (when (member id remindersd--toggling) (user-error "Still saving “%s”" title))
    (push id remindersd--toggling)
    (unwind-protect
        (condition-case err
            (let ((saved (remindersd--save-completion r)))
              (remindersd--replace saved)
              (remindersd--schedule-refresh)
              saved)
          (jsonrpc-error
           (remindersd--schedule-refresh)
           (pcase (remindersd--error-code (cdr err))
             (-32012 (user-error "“%s” was changed elsewhere; the list is refreshed, try again" title))
             (-32011 (user-error "“%s” no longer exists" title))
             (_ (user-error "remindersd: %s" (remindersd--error-message (cdr err)))))))
      (setq remindersd--toggling (delete id remindersd--toggling)))))

(defun remindersd--without-stamp (reminder)
  (cl-loop for (k v) on reminder by #'cddr unless (eq k :lastModifiedDate) append (list k v)))

(defun remindersd--save-completion (r &optional last-modified retried)
  "Flips R's completion and returns the stored reminder.
The update is conditional on LAST-MODIFIED (default: R's).  RETRIED is
non-nil on the one retry after a conflict in the stamp alone."
  (condition-case err
      (plist-get (remindersd-request
                  :saveReminder
                  `(:reminder (:calendarItemIdentifier
                               ,(plist-get r :calendarItemIdentifier)
                               :isCompleted ,(if (remindersd--json-false-p (plist-get r :isCompleted)) t :json-false)
                               ;; conditional: refused (-32012) when changed elsewhere meanwhile
                               :lastModifiedDate ,(or last-modified (plist-get r :lastModifiedDate)))))
                 :reminder)
    (jsonrpc-error
     (let ((current (plist-get (alist-get 'jsonrpc-error-data (cdr err)) :current)))
       (if (and (eql (remindersd--error-code (cdr err)) -32012) (not retried) current
                (equal (remindersd--without-stamp current) (remindersd--without-stamp r)))
           ;; Only the stamp differs: nobody changed the content, so the update is safe
           ;; with the stored stamp (remindersd builds before commit 608d0d2 could answer a
           ;; save with a lastModifiedDate 1 ms off the stored one).
           (remindersd--save-completion r (plist-get current :lastModifiedDate) t)
         (signal (car err) (cdr err)))))))

(defun remindersd-list-add (title &optional due)
  "Adds a reminder titled TITLE to the list of the reminder at point.
DUE is when it is due, as a person says it (\"tomorrow 9am\")."
  (interactive
   (let* ((r (and (tabulated-list-get-id) (gethash (tabulated-list-get-id) remindersd--reminders)))
          (cal (and r (alist-get (plist-get r :calendarIdentifier) remindersd--calendars nil nil #'equal))))
     (list (read-string (format "New reminder%s: " (if cal (format " in %s" (plist-get cal :title)) "")))
           (read-string remindersd--due-prompt))))
  (let ((r (and (tabulated-list-get-id) (gethash (tabulated-list-get-id) remindersd--reminders))))
    (remindersd-add title (and r (plist-get r :calendarIdentifier)) due)))

(defun remindersd-list-set-due (said)
  "Sets the due date of the reminder at point to SAID, as a person says it
\(\"in 3 days\", \"next monday 9am\"); \"none\" or nothing takes it away."
  (interactive
   (progn (or (tabulated-list-get-id) (user-error "No reminder on this line"))
          (list (read-string remindersd--due-prompt))))
  (remindersd-set-due (or (tabulated-list-get-id) (user-error "No reminder on this line")) said))

(defconst remindersd--repeat-prompt
  "Repeat (every monday, every 2 weeks, every weekday, every month on the 1st; none to stop): "
  "What `remindersd-list-set-repeat' asks.")

(defun remindersd-list-set-repeat (said)
  "Makes the reminder at point repeat as SAID, as a person says it
\(\"every monday\", \"every 2 weeks\"); \"none\" or nothing stops it repeating."
  (interactive
   (progn (or (tabulated-list-get-id) (user-error "No reminder on this line"))
          (list (read-string remindersd--repeat-prompt))))
  (remindersd-set-repeat (or (tabulated-list-get-id) (user-error "No reminder on this line")) said))

(defun remindersd-list-visit-source ()
  "Visits the file and line a captured reminder points to."
  (interactive)
  (let* ((r (gethash (or (tabulated-list-get-id) (user-error "No reminder on this line")) remindersd--reminders))
         (source (or (remindersd-source r)
                     (user-error (if (plist-get r :url) (format "url: %s" (plist-get r :url)) "This reminder has no file url")))))
    (find-file-other-window (car source))
    (when (cadr source)
      (goto-char (point-min))
      (forward-line (1- (cadr source))))))

;;;; Adding and capturing

(defun remindersd-interpret-date (said)
  "Reads SAID, a date as a person says it (\"in 3 days\", \"end of month\").
The server's grammar reads it, the one every front end shares.  Returns a
plist with :dateComponents, :allDay, :text (\"Mon 2026-12-07 09:00
\(floating)\") and :note; a phrase it cannot read is a `user-error' naming
the words."
  (remindersd--with-errors (remindersd-request :interpretDate `(:text ,said))))

(defun remindersd-interpret-recurrence (said)
  "Reads SAID, how often as a person says it (\"every monday\", \"every 2 weeks\",
\"every month on the 1st\", \"every weekday\").  The server's grammar reads it,
the one the shell's --repeat and the MCP tools share.  Returns the recurrence
rule (a plist with :rrule among its fields); a phrase it cannot read is a
`user-error' naming the words."
  (plist-get (remindersd--with-errors (remindersd-request :interpretRecurrence `(:text ,said))) :recurrenceRule))

(defun remindersd-set-repeat (identifier said)
  "Makes the reminder IDENTIFIER repeat as SAID (\"none\" or blank: it stops).
A recurring reminder needs a due date; the server says so when it has none.
Returns the stored reminder."
  (let* ((none (or (string-blank-p (or said "")) (equal (downcase (string-trim said)) "none")))
         (reading (unless none (remindersd--with-errors (remindersd-request :interpretRecurrence `(:text ,said)))))
         (rule (plist-get reading :recurrenceRule))
         (saved (remindersd-save `(:calendarItemIdentifier ,identifier :recurrenceRules ,(if rule (vector rule) [])))))
    (message "remindersd: “%s” %s" (plist-get saved :title)
             (if rule (format "repeats %s" (plist-get reading :text)) "does not repeat"))
    saved))

(defun remindersd-set-due (identifier said)
  "Gives the reminder IDENTIFIER the due date SAID (\"none\" or blank: none).
A time rings then, as for `remindersd-save'.  Returns the stored reminder."
  (let* ((none (or (string-blank-p (or said "")) (equal (downcase (string-trim said)) "none")))
         (reading (unless none (remindersd-interpret-date said)))
         (saved (remindersd-save `(:calendarItemIdentifier ,identifier :dueDateComponents ,(plist-get reading :dateComponents)))))
    (message "remindersd: “%s” %s" (plist-get saved :title)
             (if reading (format "due %s" (plist-get reading :text)) "has no due date"))
    saved))

;;;###autoload
(defun remindersd-undo ()
  "Undoes the last change this client made; again, the one before it.
As `task undo' does: a reminder added is deleted (to the trash), one changed
gets back what it was, one deleted comes back.  Refused, changing nothing,
when the reminder changed since.  Returns the changes the undo made."
  (interactive)
  (let ((changes (append (plist-get (remindersd--with-errors
                                      (remindersd-request :undo `(:client ,remindersd-client-name :count 1)))
                                     :changes)
                         nil)))
    (message "remindersd: undone: %s"
             (mapconcat (lambda (change)
                          (format "%s “%s”"
                                  (pcase (plist-get change :action)
                                    ("removed" "deleted") ("restored" "restored") (_ "put back as it was:"))
                                  (plist-get change :title)))
                        changes "; "))
    (remindersd--schedule-refresh)
    changes))

;;;###autoload
(defun remindersd-add (title &optional calendar-identifier due repeat)
  "Adds a reminder titled TITLE to the default list (or CALENDAR-IDENTIFIER's).
DUE is when it is due, as a person says it (\"tomorrow 9am\"); nil or blank:
no due date.  REPEAT is how often, as said (\"every monday\"); it needs DUE.
With a prefix argument, asks for the list.  Returns the stored reminder."
  (interactive
   (let* ((cal (when current-prefix-arg
                 (let* ((cals (remindersd--with-errors
                                (append (plist-get (remindersd-request :calendars '(:entityType "reminder")) :calendars) nil)))
                        (names (mapcar (lambda (c) (cons (plist-get c :title) c)) cals))
                        (choice (completing-read "List: " names nil t)))
                   (cdr (assoc choice names))))))
     (list (read-string (format "New reminder%s: " (if cal (format " in %s" (plist-get cal :title)) "")))
           (plist-get cal :calendarIdentifier)
           (read-string remindersd--due-prompt))))
  (when (string-blank-p (or title "")) (user-error "A reminder needs a title"))
  (let ((reading (unless (string-blank-p (or due "")) (remindersd-interpret-date due)))
        (rule (unless (string-blank-p (or repeat "")) (remindersd-interpret-recurrence repeat))))
    (remindersd-save `(:title ,title
                       ,@(when calendar-identifier (list :calendarIdentifier calendar-identifier))
                       ,@(when reading (list :dueDateComponents (plist-get reading :dateComponents)))
                       ,@(when rule (list :recurrenceRules (vector rule))))
                     (if reading (format "Added “%s”, due %s" title (plist-get reading :text)) (format "Added “%s”" title)))))

(defun remindersd-save (reminder &optional done-message)
  "Creates REMINDER (a plist) and refreshes list buffers.
Says DONE-MESSAGE; returns the stored reminder."
  (remindersd--with-errors
    (let* ((ring (and remindersd-alarm-at-due-time (not (plist-member reminder :alarms))))
           (params `(:reminder ,reminder ,@(when ring '(:alarmAtDueTime t))))
           (saved (plist-get (remindersd-request :saveReminder params) :reminder)))
      (remindersd--schedule-refresh)
      (when done-message (message "remindersd: %s" done-message))
      saved)))

(defun remindersd-parse-todo (line &optional keywords)
  "Finds a KEYWORDS comment in LINE: (KEYWORD TEXT AUTHOR), or nil."
  (let ((case-fold-search nil)
        (re (concat "\\_<\\(" (regexp-opt (or keywords remindersd-capture-keywords)) "\\)\\_>")))
    (with-temp-buffer
      (insert line)
      (goto-char (point-min))
      (let ((table (make-syntax-table)))
        (modify-syntax-entry ?_ "_" table)
        (set-syntax-table table))
      (when (re-search-forward re nil t)
        (let* ((keyword (match-string 1))
               (rest (buffer-substring (point) (point-max)))
               author)
          (when (string-match "\\`(\\([^)]*\\))" rest)
            (setq author (match-string 1 rest) rest (substring rest (match-end 0))))
          (setq rest (replace-regexp-in-string "\\`[ \t]*[:-]?[ \t]*" "" rest))
          (dolist (closer '("\\*/" "-->" "#}" "%}" "--\\]\\]" "\\]\\]"))
            (setq rest (replace-regexp-in-string (concat "[ \t]*" closer "[ \t]*\\'") "" rest)))
          (setq rest (string-trim rest))
          (unless (string-empty-p rest)
            (list keyword rest author)))))))

(defun remindersd-file-url (path &optional line)
  "file:///PATH#LLINE with PATH percent-encoded."
  (concat "file://"
          (mapconcat (lambda (byte)
                       (if (or (<= ?a byte ?z) (<= ?A byte ?Z) (<= ?0 byte ?9) (memq byte '(?/ ?. ?_ ?~ ?-)))
                           (string byte)
                         (format "%%%02X" byte)))
                     (encode-coding-string path 'utf-8) "")
          (if line (format "#L%d" line) "")))

(defun remindersd--capture-calendar ()
  (when remindersd-capture-list
    (let ((cals (append (plist-get (remindersd-request :calendars '(:entityType "reminder")) :calendars) nil)))
      (or (plist-get (cl-find remindersd-capture-list cals :key (lambda (c) (plist-get c :title)) :test #'equal)
                     :calendarIdentifier)
          (plist-get (plist-get (remindersd-request :saveCalendar `(:calendar (:title ,remindersd-capture-list)))
                                :calendar)
                     :calendarIdentifier)))))

;;;###autoload
(defun remindersd-capture ()
  "Turns the TODO/FIXME comment on the current line into a reminder.
Its notes and url (file:///abs/path#L42) point back to the file and line."
  (interactive)
  (let* ((file (or (buffer-file-name) (user-error "Capture works in a buffer visiting a file")))
         (path (expand-file-name file))
         (lnum (line-number-at-pos nil t))
         (line (buffer-substring-no-properties (line-beginning-position) (line-end-position)))
         (todo (or (remindersd-parse-todo line)
                   (user-error "No %s on this line" (string-join remindersd-capture-keywords "/"))))
         (calendar (remindersd--with-errors (remindersd--capture-calendar))))
    (remindersd-save
     `(:title ,(nth 1 todo)
       :notes ,(format "%s at %s:%d\n\n%s" (nth 0 todo) path lnum (string-trim line))
       :url ,(remindersd-file-url path lnum)
       :priority ,(or (cdr (assoc (nth 0 todo) remindersd-capture-priorities)) 0)
       ,@(when calendar (list :calendarIdentifier calendar)))
     (format "Captured “%s” (%s:%d)" (nth 1 todo) (file-name-nondirectory path) lnum))))

(provide 'remindersd)
;;; remindersd.el ends here
