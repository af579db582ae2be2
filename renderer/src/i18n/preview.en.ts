// English strings of preview.*: diagrams drawn from ```mermaid blocks, previews of ```html and ```svg.

export const previewEn = {
  'preview.view': 'Show',
  'preview.source': 'Source',
  'preview.diagram': 'Diagram',
  'preview.preview': 'Preview',
  'preview.copySource': 'Copy the source',
  'preview.save': 'Save as file',
  'preview.drawing': 'Drawing the diagram…',
  'preview.diagramFailed':
    'This diagram could not be drawn; its source is shown below. The diagram reader said:',
  'preview.htmlTitle': 'Preview of the HTML',
  'preview.svgTitle': 'Preview of the SVG picture',
  'preview.frameNote':
    'The preview runs no scripts and loads nothing from the network or from your files.',
} as const;
