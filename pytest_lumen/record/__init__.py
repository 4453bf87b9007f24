"""Recording a step with the model: the loop, the conversation, the tools, the page observation."""
