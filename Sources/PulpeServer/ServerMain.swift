@main enum ServerMain { static func main() {} }
