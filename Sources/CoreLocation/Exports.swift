// As Apple's CoreLocation does, importing it imports Foundation.
@_exported import Foundation
