<?php
// SabreDAV (Debian's php-sabre-dav, the engine inside Nextcloud, Baikal and ownCloud) as a CalDAV
// server for the interop suites, under `php -S`: one user with a password (Basic, as remindersd
// sends it), principals, calendars and items in an SQLite file in SABRE_DATA. Its 1.8 has no
// sync-collection: a client of it lists ETags.
error_reporting(E_ALL & ~E_DEPRECATED & ~E_NOTICE & ~E_WARNING);
date_default_timezone_set('UTC');

$user = getenv('SABRE_USER');
$pdo = new PDO('sqlite:' . getenv('SABRE_DATA') . '/db.sqlite');
$pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
$pdo->exec('PRAGMA busy_timeout = 10000');

// The tables Sabre's PDO backends read (as its examples/sql/sqlite.*.sql make them), made once.
$pdo->exec('
    CREATE TABLE IF NOT EXISTS calendarobjects (id integer primary key asc, calendardata blob, uri text, calendarid integer,
        lastmodified integer, etag text, size integer, componenttype text, firstoccurence integer, lastoccurence integer);
    CREATE TABLE IF NOT EXISTS calendars (id integer primary key asc, principaluri text, displayname text, uri text, ctag integer,
        description text, calendarorder integer, calendarcolor text, timezone text, components text, transparent bool);
    CREATE TABLE IF NOT EXISTS principals (id INTEGER PRIMARY KEY ASC, uri TEXT, email TEXT, displayname TEXT, vcardurl TEXT, UNIQUE(uri));
    CREATE TABLE IF NOT EXISTS groupmembers (id INTEGER PRIMARY KEY ASC, principal_id INTEGER, member_id INTEGER, UNIQUE(principal_id, member_id));
');
$add = $pdo->prepare('INSERT OR IGNORE INTO principals (uri, email, displayname) VALUES (?, ?, ?)');
foreach (['', '/calendar-proxy-read', '/calendar-proxy-write'] as $suffix) {
    $add->execute(["principals/$user$suffix", $suffix === '' ? "$user@example.org" : null, $suffix === '' ? $user : null]);
}

require_once 'Sabre/autoload.php';

class PasswordOfTheTest extends \Sabre\DAV\Auth\Backend\AbstractBasic {
    protected function validateUserPass($username, $password) {
        return $username === getenv('SABRE_USER') && $password === getenv('SABRE_PASSWORD');
    }
}

$principals = new \Sabre\DAVACL\PrincipalBackend\PDO($pdo);
$calendars = new \Sabre\CalDAV\Backend\PDO($pdo);
$server = new \Sabre\DAV\Server([
    new \Sabre\CalDAV\Principal\Collection($principals),
    new \Sabre\CalDAV\CalendarRootNode($principals, $calendars),
]);
$server->setBaseUri('/');
$server->addPlugin(new \Sabre\DAV\Auth\Plugin(new PasswordOfTheTest(), 'SabreDAV'));
$server->addPlugin(new \Sabre\DAVACL\Plugin());
$server->addPlugin(new \Sabre\CalDAV\Plugin());
$server->exec();
