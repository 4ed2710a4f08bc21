import ArgumentParser
import Foundation
import PulpeNetworking

public enum PulpeVersion {
    public static let current = "0.1.0"
}
