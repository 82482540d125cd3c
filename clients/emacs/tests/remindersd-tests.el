;;; remindersd-tests.el --- ERT tests of remindersd.el against the real server  -*- lexical-binding: t; -*-

;;; Commentary:

;; Run by clients/emacs/test (batch mode), which sets REMINDERSD_BIN and a temporary HOME.
;; Every test gets a fresh store; a second client, `remindersd-test', reads it through
;; `remindersd call' to check what the package did.  RD_TRANSCRIPT=FILE keeps the list
;; buffer's contents at each step.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'remindersd)

(defconst remindersd-test--bin (getenv "REMINDERSD_BIN"))
(defconst remindersd-test--checker "remindersd-test")
(defvar remindersd-test--store nil)
(defconst remindersd-test--allow-simulated
  (equal (getenv "REMINDERSD_ALLOW_SIMULATED_NOTIFICATIONS") "1")
  "For servers without notifications (before remindersd issue 4): simulate them.")

(defun remindersd-test--feed (json &rest cuts)
  "Feeds the LSP frame of JSON to the server process's filter, cut at CUTS (byte offsets)."
  (let* ((proc (jsonrpc--process remindersd--connection))
         (frame (format "Content-Length: %d\r\n\r\n%s" (string-bytes json) json))
         (start 0))
    (dolist (end (append cuts (list (length frame))))
      (funcall (process-filter proc) proc (substring frame start end))
      (setq start end))))

(defun remindersd-test--wait-for-notification (pred what simulated-json)
  "Waits 3 s for PRED (brought about by a server notification), else simulates SIMULATED-JSON."
  (unless (with-timeout (3 nil)
            (while (not (funcall pred)) (accept-process-output nil 0.02))
            t)
    (unless remindersd-test--allow-simulated
      (ert-fail (format "no notification from the server within 3 s: %s" what)))
    (message "# no notification from the server (%s); simulating one" what)
    (remindersd-test--feed simulated-json)
    (remindersd-test--wait-for pred what)))

(defun remindersd-test--run (&rest args)
  "Runs the server binary with ARGS; returns stdout, fails the test on a non-zero exit."
  (with-temp-buffer
    (let* ((err-file (make-temp-file "rd-stderr"))
           (status (apply #'call-process remindersd-test--bin nil (list t err-file) nil args)))
      (unwind-protect
          (unless (eql status 0)
            (ert-fail (format "remindersd %S exited %s: %s%s" args status (buffer-string)
                              (with-temp-buffer (insert-file-contents err-file) (buffer-string)))))
        (delete-file err-file))
      (buffer-string))))

(defun remindersd-test--call (method &optional params)
  "`remindersd call METHOD PARAMS' as the checker client; the result as a plist."
  (json-parse-string
   (remindersd-test--run "call" method (if params (json-serialize params :null-object :null) "{}")
                         "--store" remindersd-test--store "--client" remindersd-test--checker)
   :object-type 'plist :null-object nil :false-object :json-false :array-type 'list))

(defun remindersd-test--reminders (&optional kind)
  (plist-get (remindersd-test--call "fetchReminders" `(:predicate (:kind ,(or kind "all")))) :reminders))

(defun remindersd-test--find (title)
  (cl-find title (remindersd-test--reminders) :key (lambda (r) (plist-get r :title)) :test #'equal))

(defun remindersd-test--completed-p (title)
  (eq t (plist-get (remindersd-test--find title) :isCompleted)))

(defun remindersd-test--wait-for (pred what &optional seconds)
  "Processes events until PRED is non-nil; fails after SECONDS (default 5)."
  (let ((deadline (+ (float-time) (or seconds 5))) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (or value (ert-fail (format "timed out waiting for %s" what)))))

(defun remindersd-test--list-text ()
  (with-current-buffer "*Reminders*" (buffer-substring-no-properties (point-min) (point-max))))

(defun remindersd-test--list-has (text)
  (and (get-buffer "*Reminders*") (string-search text (remindersd-test--list-text))))

(defun remindersd-test--line (text)
  "The list buffer's line that shows TEXT."
  (with-current-buffer "*Reminders*"
    (save-excursion
      (goto-char (point-min))
      (unless (search-forward text nil t) (ert-fail (format "no %S in\n%s" text (buffer-string))))
      (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))

(defun remindersd-test--goto (text)
  "Selects the list buffer and puts point on the line of TEXT."
  (switch-to-buffer "*Reminders*")
  (goto-char (point-min))
  (unless (search-forward text nil t) (ert-fail (format "no %S in the list" text)))
  (beginning-of-line))

(defun remindersd-test--snapshot (title)
  (let ((file (getenv "RD_TRANSCRIPT")))
    (when (and file (not (string-empty-p file)))
      (with-current-buffer "*Reminders*"
        (write-region (concat ";; " title "\n"
                              ;; the header line, as a window would show it
                              (string-trim-right
                               (concat (make-string tabulated-list-padding ?\s)
                                       (mapconcat (lambda (col) (string-pad (car col) (1+ (cadr col))))
                                                  tabulated-list-format "")))
                              "\n" (buffer-substring-no-properties (point-min) (point-max)) "\n")
                      nil file 'append 'silent)))))

(defmacro remindersd-test--with-store (&rest body)
  "Runs BODY with a fresh store where remindersd.el and the checker have full access."
  (declare (indent 0) (debug t))
  `(let* ((dir (make-temp-file "rd-store" t))
          (remindersd-store (expand-file-name "reminders.sqlite" dir))
          (remindersd-test--store remindersd-store)
          (remindersd-client-name "remindersd.el")
          (remindersd-consent-agent nil)
          (remindersd-list-renders 0))
     (remindersd-test--run "permissions" "set" "--any-program" remindersd-test--checker "fullAccess" "--store" remindersd-store)
     (remindersd-test--run "permissions" "set" "--any-program" "remindersd.el" "fullAccess" "--store" remindersd-store)
     (unwind-protect
         (progn ,@body)
       (remindersd-shutdown)
       (when (get-buffer "*Reminders*") (kill-buffer "*Reminders*"))
       (dolist (b (buffer-list))
         (when (and (buffer-file-name b) (string-prefix-p dir (buffer-file-name b)))
           (with-current-buffer b (set-buffer-modified-p nil))
           (kill-buffer b)))
       (delete-directory dir t))))

(defun remindersd-test--seed ()
  "Groceries: Buy milk (!!!, 2026-12-01 09:00); default list: Call Bob (!!, 2026-11-30), Water plants; a completed one."
  (let ((groceries (plist-get (remindersd-test--call "saveCalendar" '(:calendar (:title "Groceries"))) :calendar)))
    (remindersd-test--call "saveReminder" `(:reminder (:title "Buy milk" :priority 1
                                                              :calendarIdentifier ,(plist-get groceries :calendarIdentifier)
                                                              :dueDateComponents (:year 2026 :month 12 :day 1 :hour 9))))
    (remindersd-test--call "saveReminder" '(:reminder (:title "Call Bob" :priority 5
                                                              :dueDateComponents (:year 2026 :month 11 :day 30))))
    (remindersd-test--call "saveReminder" '(:reminder (:title "Water plants")))
    (let ((done (plist-get (remindersd-test--call "saveReminder" '(:reminder (:title "Already done"))) :reminder)))
      (remindersd-test--call "saveReminder" `(:reminder (:calendarItemIdentifier ,(plist-get done :calendarItemIdentifier)
                                                                                  :isCompleted t))))
    groceries))

;;;; Tests

(ert-deftest remindersd-01-unauthorized-shows-how-to-grant ()
  (remindersd-test--with-store
    (let ((remindersd-client-name "remindersd.el.noaccess"))
      (remindersd-list)
      (let ((text (remindersd-test--list-text)))
        (should (string-search "Not authorized." text))
        (should (string-search "remindersd.el.noaccess may not read your reminders (status: notDetermined)" text))
        (should (string-search (concat "remindersd permissions set remindersd.el.noaccess fullAccess --program "
                                       (file-truename (expand-file-name invocation-name invocation-directory))
                                       " --store " remindersd-store)
                               text))
        (should (string-search "remindersd permissions consent-agent --desktop" text)))
      (should (equal "notDetermined" remindersd--auth-status))
      ;; requestAccess reached the server, which had nobody to ask
      (should (with-current-buffer (jsonrpc-stderr-buffer remindersd--connection)
                (string-search "asked for access" (buffer-string))))
      (remindersd-test--snapshot "not authorized")
      ;; the owner grants access meanwhile: authorizationChanged (and storeChanged) redraw the list
      ;; the hint as written: for this Emacs
      (remindersd-test--run "permissions" "set" "remindersd.el.noaccess" "fullAccess" "--program"
                            (file-truename (expand-file-name invocation-name invocation-directory)) "--store" remindersd-store)
      (remindersd-test--wait-for-notification
       (lambda () (not (remindersd-test--list-has "Not authorized")))
       "authorizationChanged"
       "{\"jsonrpc\":\"2.0\",\"method\":\"authorizationChanged\",\"params\":{\"entityType\":\"reminder\",\"status\":\"fullAccess\"}}")
      (should (equal "fullAccess" remindersd--auth-status))
      (should (alist-get 'authorizationChanged remindersd--notification-counts)))))

(ert-deftest remindersd-02-request-access-with-consent-agent ()
  (remindersd-test--with-store
    (let* ((agent (expand-file-name "agent.sh" (file-name-directory remindersd-store)))
           (args-file (concat agent ".args"))
           (remindersd-client-name "remindersd.el.agent")
           (remindersd-consent-agent agent))
      (with-temp-file agent
        (insert "#!/bin/sh\nprintf '%s|' \"$@\" > " (shell-quote-argument args-file) "\nexit 0\n"))
      (set-file-modes agent #o700)
      ;; The owner records the agent for the store; the package names it, and it is heeded as the owner's.
      (remindersd-test--run "permissions" "consent-agent" agent "--store" remindersd-store)
      (should (equal "fullAccess" (plist-get (remindersd-request :authorizationStatus) :status)))
      (should (equal "fullAccess" remindersd--auth-status))
      (should (string-prefix-p "remindersd.el.agent|reminder|full|Shows your reminders in Emacs"
                               (with-temp-buffer (insert-file-contents args-file) (buffer-string))))
      (should (string-search (format "{\"client\":\"remindersd.el.agent\",\"entityType\":\"reminder\",\"program\":%S,\"status\":\"fullAccess\"}"
                                     ;; granted to Emacs itself, the program that started the server
                                     (file-truename (expand-file-name invocation-name invocation-directory)))
                             (remindersd-test--run "permissions" "list" "--store" remindersd-store))))))

(ert-deftest remindersd-03-list-shows-due-priority-title-list ()
  (remindersd-test--with-store
    (remindersd-test--seed)
    (remindersd-list)
    (should (eq major-mode 'remindersd-list-mode))
    (should (equal "*Reminders*" (buffer-name)))
    (remindersd-test--snapshot "M-x remindersd-list")
    (should (string-match-p "\\[ \\] +2026-11-30 +!! +Call Bob +Reminders" (remindersd-test--line "Call Bob")))
    (should (string-match-p "\\[ \\] +2026-12-01 09:00 +!!! +Buy milk +Groceries" (remindersd-test--line "Buy milk")))
    (should (string-match-p "\\[ \\] +Water plants +Reminders" (remindersd-test--line "Water plants")))
    (should-not (remindersd-test--list-has "Already done"))
    ;; order: due date first, then the ones without
    (let ((text (remindersd-test--list-text)))
      (should (< (string-search "Call Bob" text) (string-search "Buy milk" text) (string-search "Water plants" text))))
    ;; every line's id is the reminder's identifier
    (dolist (title '("Buy milk" "Call Bob" "Water plants"))
      (remindersd-test--goto title)
      (should (equal (plist-get (remindersd-test--find title) :calendarItemIdentifier) (tabulated-list-get-id))))
    (should (equal (mapcar #'car (append tabulated-list-format nil)) '("✓" "Due" "Pri" "Title" "List")))))

(ert-deftest remindersd-04-a-due-time-rings ()
  (remindersd-test--with-store
    (let ((due '(:year 2031 :month 2 :day 3 :hour 17 :minute 0)))
      ;; a due time rings then, as in Apple's Reminders app
      (let ((tea (remindersd-save `(:title "Tea" :dueDateComponents ,due))))
        (should (equal '(0) (mapcar (lambda (a) (plist-get a :relativeOffset)) (plist-get tea :alarms)))))
      ;; a date alone does not; alarms the reminder brings are all it gets
      (should (equal [] (plist-get (remindersd-save '(:title "Bins" :dueDateComponents (:year 2031 :month 2 :day 3))) :alarms)))
      (should (equal [] (plist-get (remindersd-save `(:title "Quiet" :dueDateComponents ,due :alarms [])) :alarms)))
      ;; and the setting turns it off
      (let ((remindersd-alarm-at-due-time nil))
        (should (equal [] (plist-get (remindersd-save `(:title "Off" :dueDateComponents ,due)) :alarms)))))))

(ert-deftest remindersd-04-add ()
  (remindersd-test--with-store
    (remindersd-list)
    (let ((before remindersd-list-renders)
          (saved (remindersd-add "Write the report")))
      (should (equal "Write the report" (plist-get saved :title)))
      (let ((stored (remindersd-test--find "Write the report")))
        (should stored)
        (should (equal (plist-get (plist-get (remindersd-test--call "defaultCalendarForNewReminders") :calendar)
                                  :calendarIdentifier)
                       (plist-get stored :calendarIdentifier))))
      (remindersd-test--wait-for (lambda () (remindersd-test--list-has "Write the report")) "the list to show it")
      (should (> remindersd-list-renders before)))
    ;; with a list: C-u M-x remindersd-add asks for it; here the identifier is passed
    (let* ((groceries (plist-get (remindersd-test--call "saveCalendar" '(:calendar (:title "Groceries"))) :calendar))
           (saved (remindersd-add "Eggs" (plist-get groceries :calendarIdentifier))))
      (should (equal (plist-get groceries :calendarIdentifier) (plist-get saved :calendarIdentifier)))
      ;; C-u M-x remindersd-add asks for the list
      (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "Groceries"))
                ((symbol-function 'read-string) (lambda (prompt &rest _) (if (string-prefix-p "Due" prompt) "" "Apples"))))
        (let ((current-prefix-arg '(4)))
          (call-interactively #'remindersd-add)))
      (should (equal (plist-get groceries :calendarIdentifier)
                     (plist-get (remindersd-test--find "Apples") :calendarIdentifier)))
      ;; a in the list adds to the list of the reminder at point
      (remindersd-test--wait-for (lambda () (remindersd-test--list-has "Apples")) "Apples in the list")
      (remindersd-test--goto "Apples")
      (cl-letf (((symbol-function 'read-string) (lambda (prompt &rest _) (if (string-prefix-p "Due" prompt) "" "Pears"))))
        (execute-kbd-macro (kbd "a")))
      (should (equal (plist-get groceries :calendarIdentifier)
                     (plist-get (remindersd-test--find "Pears") :calendarIdentifier))))
    (should-error (remindersd-add "  ") :type 'user-error)))

(ert-deftest remindersd-04b-dates-as-people-say-them ()
  (remindersd-test--with-store
    (remindersd-list)
    ;; the date is read by the server's grammar; the message says what it understood
    (let* ((in3 (decode-time (time-add nil (* 3 86400))))
           (saved (remindersd-add "Flour" nil "in 3 days 9am"))
           (due (plist-get saved :dueDateComponents)))
      (should (equal (list (decoded-time-year in3) (decoded-time-month in3) (decoded-time-day in3) 9)
                     (list (plist-get due :year) (plist-get due :month) (plist-get due :day) (plist-get due :hour))))
      (should (equal '(0) (mapcar (lambda (a) (plist-get a :relativeOffset)) (plist-get saved :alarms))))
      (should (string-match-p "Added “Flour”, due [A-Z][a-z][a-z] [0-9-]+ 09:00"
                              (with-current-buffer "*Messages*" (buffer-string))))
      ;; d in the list sets it, as said
      (remindersd-test--wait-for (lambda () (remindersd-test--list-has "Flour")) "Flour in the list")
      (remindersd-test--goto "Flour")
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "end of month")))
        (execute-kbd-macro (kbd "d")))
      (let ((last (decoded-time-day (decode-time (encode-time 0 0 12 0 (1+ (decoded-time-month (decode-time))) (decoded-time-year (decode-time)))))))
        (should (equal last (plist-get (plist-get (remindersd-test--find "Flour") :dueDateComponents) :day)))
        ;; a phrase it cannot read is refused naming the words, and nothing changes
        (let ((err (should-error (remindersd-set-due (plist-get saved :calendarItemIdentifier) "when pigs fly") :type 'user-error)))
          (should (string-match-p "pigs" (cadr err))))
        (should (equal last (plist-get (plist-get (remindersd-test--find "Flour") :dueDateComponents) :day))))
      ;; none takes it away
      (remindersd-set-due (plist-get saved :calendarItemIdentifier) "none")
      (should-not (plist-get (remindersd-test--find "Flour") :dueDateComponents))
      (should-error (remindersd-add "Never" nil "someday") :type 'user-error)
      (should-not (remindersd-test--find "Never")))))

;; R makes the reminder at point repeat as said; remindersd-add takes a repeat; none stops it
(ert-deftest remindersd-04d-repeat-as-people-say-it ()
  (remindersd-test--with-store
    (remindersd-list)
    (let ((bins (remindersd-add "Bins" nil "tomorrow 7am" "every monday")))
      (should (equal "FREQ=WEEKLY;BYDAY=MO" (plist-get (elt (plist-get bins :recurrenceRules) 0) :rrule)))
      (remindersd-test--wait-for (lambda () (remindersd-test--list-has "Bins")) "Bins in the list")
      (remindersd-test--goto "Bins")
      (should (eq (key-binding (kbd "R")) #'remindersd-list-set-repeat))
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "every 2 weeks")))
        (execute-kbd-macro (kbd "R")))
      (should (equal "FREQ=WEEKLY;INTERVAL=2"
                     (plist-get (elt (plist-get (remindersd-test--find "Bins") :recurrenceRules) 0) :rrule)))
      (should (string-match-p "“Bins” repeats every 2 weeks" (with-current-buffer "*Messages*" (buffer-string))))
      ;; a phrase it cannot read is refused naming the words, and nothing changes
      (let ((err (should-error (remindersd-set-repeat (plist-get bins :calendarItemIdentifier) "every blue moon") :type 'user-error)))
        (should (string-match-p "blue" (cadr err))))
      (should (= 1 (length (plist-get (remindersd-test--find "Bins") :recurrenceRules))))
      (remindersd-set-repeat (plist-get bins :calendarItemIdentifier) "none")
      (should (= 0 (length (plist-get (remindersd-test--find "Bins") :recurrenceRules))))
      ;; without a due date the server says a recurring reminder needs one
      (should-error (remindersd-add "Someday" nil nil "every monday") :type 'user-error)
      (should-not (remindersd-test--find "Someday")))))

;; u undoes this client's last change: a reminder added goes to the trash, a rename is put back
(ert-deftest remindersd-04c-undo-in-the-list ()
  (remindersd-test--with-store
    (remindersd-list)
    (let ((tea (remindersd-add "Tea")))
      (remindersd-test--wait-for (lambda () (remindersd-test--list-has "Tea")) "Tea in the list")
      (remindersd-save `(:calendarItemIdentifier ,(plist-get tea :calendarItemIdentifier) :title "Green tea"))
      (should (eq (key-binding (kbd "u")) #'remindersd-undo))
      (execute-kbd-macro (kbd "u"))
      (should (equal "Tea" (plist-get (remindersd-test--find "Tea") :title)))
      (should (string-match-p "undone: put back as it was: “Tea”" (with-current-buffer "*Messages*" (buffer-string))))
      (execute-kbd-macro (kbd "u"))
      (should-not (remindersd-test--find "Tea"))
      (remindersd-test--wait-for (lambda () (not (remindersd-test--list-has "Tea"))) "Tea gone from the list"))))

(ert-deftest remindersd-05-ret-toggles-completion ()
  (remindersd-test--with-store
    (remindersd-test--seed)
    (remindersd-list)
    (remindersd-test--goto "Buy milk")
    (should (eq (key-binding (kbd "RET")) #'remindersd-list-toggle))
    (execute-kbd-macro (kbd "RET"))
    (should (remindersd-test--completed-p "Buy milk"))
    (should (string-prefix-p " [x]" (remindersd-test--line "Buy milk")))
    (should (equal (tabulated-list-get-id) (plist-get (remindersd-test--find "Buy milk") :calendarItemIdentifier)))
    (remindersd-test--snapshot "after RET on Buy milk")
    (execute-kbd-macro (kbd "RET"))
    (should-not (remindersd-test--completed-p "Buy milk"))
    (should (null (plist-get (remindersd-test--find "Buy milk") :completionDate)))
    (should (string-prefix-p " [ ]" (remindersd-test--line "Buy milk")))
    ;; x does the same
    (execute-kbd-macro (kbd "x"))
    (should (remindersd-test--completed-p "Buy milk"))))

(ert-deftest remindersd-06-lines-keep-their-reminder ()
  (remindersd-test--with-store
    (remindersd-test--seed)
    (remindersd-list)
    (remindersd-test--goto "Water plants")
    (let ((line (line-number-at-pos)))
      ;; another program adds one that sorts above
      (remindersd-test--call "saveReminder" '(:reminder (:title "Pay rent" :dueDateComponents (:year 2026 :month 11 :day 1))))
      (revert-buffer)
      (should (remindersd-test--list-has "Pay rent"))
      (should (= (1+ line) (line-number-at-pos)))
      (should (string-search "Water plants" (buffer-substring (line-beginning-position) (line-end-position))))
      (remindersd-list-toggle)
      (should (remindersd-test--completed-p "Water plants"))
      (should-not (remindersd-test--completed-p "Pay rent")))
    ;; a conditional update: a change made elsewhere since the fetch is not overwritten
    (remindersd-test--goto "Call Bob")
    (remindersd-test--call "saveReminder" `(:reminder (:calendarItemIdentifier ,(tabulated-list-get-id) :title "Call Bob today")))
    (should-error (remindersd-list-toggle) :type 'user-error)
    (should-not (remindersd-test--completed-p "Call Bob today"))
    (remindersd-test--wait-for (lambda () (remindersd-test--list-has "Call Bob today")) "the refresh after the conflict")))

(ert-deftest remindersd-07-capture-todo-at-point ()
  (remindersd-test--with-store
    (let* ((dir (expand-file-name "my project" (file-name-directory remindersd-store)))
           (file (expand-file-name "main.c" dir)))
      (make-directory dir t)
      (with-temp-file file
        (insert "#include <stdio.h>\nint main(int argc, char **argv) {\n"
                "    /* TODO(alice): handle an empty argv */\n"
                "    return 0; // FIXME: leaks the socket\n}\n"))
      (find-file file)
      (goto-char (point-min)) (forward-line 2) (forward-char 10)
      (let ((saved (remindersd-capture)))
        (should (equal "handle an empty argv" (plist-get saved :title))))
      (let ((r (remindersd-test--find "handle an empty argv")))
        (should (equal (concat "file://" (replace-regexp-in-string " " "%20" file) "#L3") (plist-get r :url)))
        (should (string-suffix-p "/my%20project/main.c#L3" (plist-get r :url)))
        (should (equal (format "TODO at %s:3\n\n/* TODO(alice): handle an empty argv */" file) (plist-get r :notes)))
        (should (eql 0 (plist-get r :priority))))
      (forward-line 1)
      (remindersd-capture)
      (let ((r (remindersd-test--find "leaks the socket")))
        (should (eql 1 (plist-get r :priority)))
        (should (string-suffix-p "main.c#L4" (plist-get r :url))))
      (goto-char (point-min))
      (let ((count (length (remindersd-test--reminders))))
        (should-error (remindersd-capture) :type 'user-error)
        (should (= count (length (remindersd-test--reminders)))))
      (with-temp-buffer
        (insert "// TODO: no file")
        (should-error (remindersd-capture) :type 'user-error))
      ;; the list shows where they came from, and o goes there
      (remindersd-list)
      (should (string-search "handle an empty argv  (main.c:3)" (remindersd-test--line "handle an empty argv")))
      (remindersd-test--snapshot "after remindersd-capture on lines 3 and 4 of main.c")
      (remindersd-test--goto "handle an empty argv")
      (execute-kbd-macro (kbd "o"))
      (should (equal file (buffer-file-name)))
      (should (= 3 (line-number-at-pos))))))

(ert-deftest remindersd-08-parse-todo ()
  (should (equal '("TODO" "x y" nil) (remindersd-parse-todo "-- TODO: x y")))
  (should (equal '("FIXME" "tidy" "bob") (remindersd-parse-todo "# FIXME(bob) - tidy")))
  (should (equal '("TODO" "fix" nil) (remindersd-parse-todo "<!-- TODO fix -->")))
  (should-not (remindersd-parse-todo "TODOS are not TODO_s"))
  (should-not (remindersd-parse-todo "// TODO:"))
  (should-not (remindersd-parse-todo "// todo: lower case"))
  (should (equal "file:///a%20b/c%23d.el#L7" (remindersd-file-url "/a b/c#d.el" 7)))
  (should (equal '("/a b/c#d.el" 7) (remindersd-source '(:url "file:///a%20b/c%23d.el#L7")))))

(ert-deftest remindersd-09-store-changed-refreshes ()
  (remindersd-test--with-store
    (remindersd-list)
    (let ((before remindersd-list-renders)
          (real-before (or (alist-get 'storeChanged remindersd--notification-counts) 0)))
      ;; another program changes the store; the package does not poll, so only a
      ;; storeChanged notification can bring this into the buffer
      (remindersd-test--call "saveReminder" '(:reminder (:title "Call the plumber")))
      (remindersd-test--wait-for-notification
       (lambda () (remindersd-test--list-has "Call the plumber"))
       "storeChanged"
       "{\"jsonrpc\":\"2.0\",\"method\":\"storeChanged\",\"params\":{}}")
      ;; a refresh already under way may show the change first: its own storeChanged must still come
      (remindersd-test--wait-for (lambda () (> (or (alist-get 'storeChanged remindersd--notification-counts) 0) real-before))
                                 "the storeChanged of the change" 3)
      (should (> remindersd-list-renders before))
      (remindersd-test--snapshot "after another process added “Call the plumber” (storeChanged)"))))

(ert-deftest remindersd-09b-store-changed-frame-split-across-reads ()
  (remindersd-test--with-store
    (remindersd-list)
    (accept-process-output nil 0.5)        ; let the server's own notifications pass
    (let ((before remindersd-list-renders)
          (count (or (alist-get 'storeChanged remindersd--notification-counts) 0)))
      ;; the same path as server output: the process filter, cut mid-header and mid-body
      (remindersd-test--feed "{\"jsonrpc\":\"2.0\",\"method\":\"storeChanged\",\"params\":{\"extra\":[1,2]}}" 10 40)
      (should (> (alist-get 'storeChanged remindersd--notification-counts) count))
      (remindersd-test--wait-for (lambda () (> remindersd-list-renders before)) "a refresh"))))

(ert-deftest remindersd-10-reframe-ndjson-before-lsp ()
  (let ((proc (make-pipe-process :name "rd-reframe-test" :noquery t))
        (out ""))
    (unwind-protect
        (let ((stream (concat "{\"id\":1,\"result\":{\"a\":\"é\"}}\n"
                              "{\"id\":2,\"result\":{}}\r\n"
                              "Content-Length: 18\r\n\r\n{\"id\":3,\"result\":3}"
                              "{not reframed once LSP frames began}\n")))
          (dotimes (i (length stream))
            (setq out (concat out (cadr (remindersd--reframe (list proc (substring stream i (1+ i))))))))
          (should (equal out (concat "Content-Length: 28\r\n\r\n{\"id\":1,\"result\":{\"a\":\"é\"}}"
                                     "Content-Length: 20\r\n\r\n{\"id\":2,\"result\":{}}"
                                     "Content-Length: 18\r\n\r\n{\"id\":3,\"result\":3}"
                                     "{not reframed once LSP frames began}\n"))))
      (delete-process proc))))

;; A real agent fires two alarms; the package shows each and carries out the choice.
(ert-deftest remindersd-10b-alarm-fired-offers-complete-and-snooze ()
  (remindersd-test--with-store
    (remindersd-connection)
    (let* ((soon (format-time-string "%Y-%m-%dT%H:%M:%SZ" (time-add nil 2) t))
           (tea (plist-get (remindersd-test--call "saveReminder" `(:reminder (:title "Make tea" :alarms [(:absoluteDate ,soon)]))) :reminder))
           (bank (plist-get (remindersd-test--call "saveReminder" `(:reminder (:title "Call the bank" :alarms [(:absoluteDate ,soon)]))) :reminder))
           (asked nil)
           (agent (start-process "rd-agent" nil remindersd-test--bin "agent" "--store" remindersd-test--store "--notify" "none")))
      (unwind-protect
          (cl-letf (((symbol-function 'read-multiple-choice)
                     (lambda (prompt choices &rest _)
                       (push (cons prompt (mapcar #'cadr choices)) asked)
                       (if (string-search "Make tea" prompt) (assoc ?c choices) (assoc ?s choices)))))
            (remindersd-test--wait-for
             (lambda ()
               (and (remindersd-test--completed-p "Make tea")
                    (cl-some (lambda (a) (and (equal (plist-get a :identifier) (plist-get bank :calendarItemIdentifier))
                                              (eq (plist-get a :snoozed) t)))
                             (plist-get (remindersd-test--call "upcomingAlarms"
                                                               `(:to ,(format-time-string "%Y-%m-%dT%H:%M:%SZ" (time-add nil 3600) t)))
                                        :alarms))))
             "tea completed and the bank snoozed through the package" 15))
        (delete-process agent))
      (should (= 2 (length asked)))
      (should (equal '("complete" "snooze" "dismiss") (cdr (car asked))))
      (should (string-prefix-p "⏰ " (car (car asked))))
      (should (cl-some (lambda (a) (string-search "Make tea" (car a))) asked))
      (ignore tea))))

(ert-deftest remindersd-11-shutdown ()
  (remindersd-test--with-store
    (let* ((conn (remindersd-connection))
           (proc (jsonrpc--process conn)))
      (should (process-live-p proc))
      (remindersd-shutdown)
      (should-not (process-live-p proc))
      (should (eql 0 (process-exit-status proc)))
      (should-not remindersd--connection))))

(provide 'remindersd-tests)
;;; remindersd-tests.el ends here
