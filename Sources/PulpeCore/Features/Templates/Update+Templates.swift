import PulpeDomain

/// `m`: the « Modèles » screen — opened over the home screen, the templates read (the server's
/// through an open gate, else the replica's), each change resolved by `TemplateResolver` as the
/// shell's `pulpe template line …` is, and stored through the outbox.
extension Core {
    static func templatesAction(_ state: inout AppState, _ action: TemplatesScreen.Action) -> [Effect] {
        if action == .open {
            guard state.overlay == nil, let home = state.shownHome, home.panel == nil, home.browse != nil else { return [] }
            state.overlay = .templates(TemplatesScreen())
            return [.budgets(.loadTemplates(askServer: maySend(state)))]
        }
        guard case var .templates(screen)? = state.overlay, let browse = state.shownHome?.browse else { return [] }
        let shown: [TemplatePreview] = if case let .loaded(previews) = browse.templates {
            TemplatesScreen.shown(previews, waiting: state.writes.outbox.changes)
        } else { [] }
        screen.selected = min(screen.selected, max(0, shown.count - 1))
        let template = shown.indices.contains(screen.selected) ? shown[screen.selected] : nil
        let line = template.flatMap { $0.lines.indices.contains(screen.cursor) ? $0.lines[screen.cursor] : nil }
        switch (screen.step, action) {
        case (_, .open):
            return []
        case (.browsing, .nextTemplate), (.browsing, .previousTemplate):
            guard !shown.isEmpty else { break }
            screen.selected = (screen.selected + (action == .nextTemplate ? 1 : shown.count - 1)) % shown.count
            screen.cursor = 0
        case (.browsing, .moveUp):
            screen.cursor = max(0, screen.cursor - 1)
        case (.browsing, .moveDown):
            screen.cursor = min(screen.cursor + 1, max(0, (template?.lines.count ?? 1) - 1))
        case (.browsing, .editAmount):
            guard let template, !template.template.id.isEmpty, let line else { break }
            guard let id = line.id else {
                postStatus(&state, .gesture(GestureNews(.refused(.templateLine(line.name)))))
                break
            }
            screen.step = .typingAmount(TextField(text: "\(line.amount)", maxLength: 20), problem: nil, template: template.template.id, line: id)
        case (.browsing, .deleteLine):
            guard let template, !template.template.id.isEmpty, let line, let id = line.id else { break }
            screen.step = .asking(.deleteLine(template: template.template.id, line: id, propagate: false))
        case (.browsing, .makeDefault):
            guard let template, !template.template.id.isEmpty else { break }
            state.overlay = .templates(screen)
            return write(&state, .template(.makeDefault(template: template.template.id)))
        case (.typingAmount(var field, _, let templateId, let lineId), .edit(let edit)):
            field.apply(edit)
            screen.step = .typingAmount(field, problem: nil, template: templateId, line: lineId)
        case (.typingAmount(let field, _, let templateId, let lineId), .submit):
            switch AmountParser.parse(field.text) {
            case let .success(parsed) where parsed.value > 0:
                let update = TemplateLineUpdate(id: lineId, amount: parsed.value)
                screen.step = .asking(.editLine(template: templateId, line: lineId, update, propagate: false))
            default:
                screen.step = .typingAmount(field, problem: "Montant invalide — ex. 12.50", template: templateId, line: lineId)
            }
        case (.asking(let write), .propagate(let follow)):
            screen.step = .browsing
            state.overlay = .templates(screen)
            return Core.write(&state, .template(write.propagating(follow)))
        case (.browsing, .cancel):
            state.overlay = nil
            return []
        case (_, .cancel):
            screen.step = .browsing
        default:
            break
        }
        state.overlay = .templates(screen)
        return []
    }

    /// A template write sent: the screen shows the templates as the server has them now.
    static func templatesSent(_ state: AppState) -> [Effect] {
        guard case .templates? = state.overlay else { return [] }
        return [.budgets(.loadTemplates(askServer: false))]
    }
}

extension TemplateWrite {
    /// The same write, with the months ahead following or not.
    func propagating(_ follow: Bool) -> TemplateWrite {
        switch self {
        case let .addLine(template, line, _): .addLine(template: template, line, propagate: follow)
        case let .editLine(template, line, update, _): .editLine(template: template, line: line, update, propagate: follow)
        case let .deleteLine(template, line, _): .deleteLine(template: template, line: line, propagate: follow)
        default: self
        }
    }
}
